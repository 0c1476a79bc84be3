import { toolDoc } from "../docs/tool-doc.ts";
import { conflictRules } from "../docs/offline-writes.ts";

const listId = "c0a80121-7ac0-4e1c-9d2b-5f8e4a3b2c10";

const groceryChangesSummary = `Returns what changed in a grocery list after a version read from it (get_list's or the
last pull's): live items in full, removed items as tombstones, the list and the new version, in pages of up to 500.`;

const plannerChangesSummary = `Returns what changed in the week after a version read from it (list_meals' or the last
pull's): meals now in the range in full, meals removed or moved out of it as tombstones, and the new version.`;

/** How versions work, said once for both tools. */
const versions = "- Versions: every transaction that changes a list (its items, or the list itself) raises the " +
  "list's version once; every transaction that changes the household's meals raises the week's version once. " +
  "A transaction holds its version until it commits, so versions become visible in commit order: pulling from " +
  "the last `version` read never skips a change that commits later with a smaller one. Every write path raises " +
  "them (tools, history.undo and redo, restores, sync_plan, folds, conversions).\n" +
  "- Pokes: the same transaction sends one Realtime broadcast on the household's private channel " +
  "`household:<household_id>` (event `poke`, payload `{ kind, grocery_list_id?, version }`), never the rows; " +
  "pull with this tool when one arrives, and when the app comes back to the foreground or reconnects.";

export const changesDocs = {
  groceryChanges: {
    description: "Pull what changed in a grocery list since a version: changed items, removed ids, the new version.",
    summary: groceryChangesSummary,
    doc: toolDoc("grocery.changes", groceryChangesSummary, {
      Preconditions: "- grocery_list_id names a list of the household (a removed one too: its removal is a change).\n" +
        "- since is a version read from this list (0 for everything).",
      Postconditions: "- Nothing changes. Returns `{ list: { id, name, deleted_at, version }, items: [item as in " +
        "grocery.get_list], removed: [{ id, merged_into_id }], version, next_cursor, aisle_order }`, ordered by the " +
        "version each row last changed at. With next_cursor, call again with the same since and that cursor; keep " +
        "`version` for the next pull once the last page is read.\n" + versions + "\n" + conflictRules + "\n" +
        "- Each item carries `category` and `buy` as in grocery.get_list; `aisle_order` is the household's order " +
        "now (it has no version of its own, so every pull carries it).",
      Invariants: "- The first read plus every pull equals a fresh grocery.get_list.",
      "Failure Modes": "- **NOT_FOUND**: no such list in this household (also another household's).\n" +
        "- **CONFLICT** (field since): since is past the list's version, so it was not read from this list: " +
        "re-read the list with grocery.get_list. Also when since (other than 0) is older than the removals the list " +
        "still keeps: removed items are kept 30 days, so a pull from before a pruned one could miss it; re-read " +
        "the same way.",
      Examples: '### Example 1\n```json\n{ "grocery_list_id": "' + listId + '", "since": 41 }\n```',
      "Common Mistakes": "- ❌ Advancing to `version` before the last page: changes on later pages would be skipped.",
    }),
  },
  plannerChanges: {
    description: "Pull what changed in the week since a version: changed meals, removed ids, the new version.",
    summary: plannerChangesSummary,
    doc: toolDoc("planner.changes", plannerChangesSummary, {
      Preconditions: "- start_date to end_date spans at most 92 days; since is a version read from this household's " +
        "week (0 for everything).",
      Postconditions: "- Nothing changes. Returns `{ meals: [meal as in planner.list_meals], removed: [id], version, " +
        "next_cursor }`: a meal moved out of the range is in `removed`, one moved into it in `meals`.\n" + versions,
      Invariants: "- The first planner.list_meals plus every pull equals a fresh planner.list_meals of the range.",
      "Failure Modes": "- **VALIDATION_ERROR**: a range over 92 days or end_date before start_date.\n" +
        "- **CONFLICT** (field since): since is past the week's version, or (other than 0) older than the removed " +
        "meals the week still keeps (30 days): re-read with planner.list_meals.",
      Examples: '### Example 1\n```json\n{ "start_date": "2026-12-07", "end_date": "2026-12-13", "since": 12 }\n```',
      "Common Mistakes": "- ❌ Using a grocery list's version here: the week has its own.",
    }),
  },
};
