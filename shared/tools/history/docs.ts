// Prose for history.list and history.undo.
import { toolDoc } from "../docs/tool-doc.ts";

const invocationId = "7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f";

const listSummary = `Lists the household's recent writes, newest first: which tool, who, when, a one-line summary
and whether it was undone. Each entry's invocation_id can be given to history.undo.`;
const undoSummary = `Undoes the household's last write (or the one named) when nothing later depends on it:
a push or sync loses exactly what it added, and gets back what it withdrew; others are reversed.
Undoing an undo redoes the write. Needs the user's confirmation.`;

export const historyDocs = {
  list: {
    description: "List the household's recent writes (tool, who, when, summary, undone), newest first.",
    summary: listSummary,
    doc: toolDoc("history.list", listSummary, {
      Preconditions: "- The caller is a member of the household. limit 1–100 (20 when absent); cursor from the " +
        "previous page's next_cursor.",
      Postconditions: "- Nothing changes. Returns `{ entries: [{ invocation_id, tool, user_id, created_at, summary, " +
        "undone }], next_cursor }`.\n" +
        '- `summary` is the write in plain words, the same sentence its proposal showed ("Add 1 l milk to Weekly ' +
        'shop", "Undo: remove dinner on Tuesday 1 December (Spaghetti bolognese)"): names as the caller can read ' +
        "them now, never an id; a rename is told with the name it replaced.",
      Invariants: "- Only recorded writes are listed; reads are not. A plain member does not see " +
        "household.create_invite entries (their replies hold live invite codes); owners do.\n" +
        "- A household.join into the household is listed there (made before its caller was a member).\n" +
        "- Entries are kept 7 days.",
      "Failure Modes": "- **VALIDATION_ERROR**: limit outside 1–100, a cursor that is not one of ours.",
      Examples: '### Example 1\n```json\n{ "limit": 10 }\n```',
      "Common Mistakes": "- ❌ Reading history to find a list's current state: use grocery.get_list.",
    }),
  },
  undo: {
    description: "Undo the household's last write, or a named one, when nothing later depends on it.",
    summary: undoSummary,
    doc: toolDoc("history.undo", undoSummary, {
      Preconditions: "- invocation_id, when given, names a write of this household (from history.list); absent: " +
        "the household's last write that is not an undo and was not undone.",
      Postconditions: "- Returns `{ undone_invocation_id, undone_tool, undone_summary, message, inverse }`: " +
        "`undone_summary` is the undone write in plain words, as history.list tells it. The " +
        "undo is itself a recorded write (it appears in history.list, and marks the write it undid as undone). " +
        "`inverse` is what the undo did, as a write: undoing this undo undoes that.\n" +
        "- grocery.push_ingredients, add_item, push_recipe and sync_plan: exactly their own rows (source rows and " +
        "a sync's withdrawals, which name the write) are taken back: what they added is subtracted, what a sync " +
        "withdrew is put back; an item they created is removed, an item they merged into returns to its quantity " +
        "before, an item a sync emptied comes back.\n" +
        "- grocery.uncheck_item: the item is checked again by the same person at the same time; a fold is taken " +
        "back (the line it joined gives back its quantity and sources). grocery.apply_conversion: every merged " +
        "line returns and the kept line takes its old quantity and unit.\n" +
        "- Invites and membership: an unused invite is revoked; a join is taken back (the member goes, the invite " +
        "gets its use back) by an owner or the member who joined; a removal is taken back by an owner (the member " +
        "returns with their role, joining time and, unless they chose another since, default flag); a leave too, " +
        "but without the default flag: leaving was their choice, so their calls naming no household do not come " +
        "back here (the message says so).\n" +
        "- ingredient.create: the ingredient goes while nothing refers to it. The series tools: the series and the " +
        "occurrences the write touched are put back as they were.\n" +
        "- An undo is undone (a redo) by naming it: the write comes back exactly (the same rows, the same values, " +
        "the same invite code), and undoing the redo undoes the write again. Naming a write that was undone and " +
        "redone undoes its newest redo (`undone_invocation_id` names it).",
      Invariants: "- Undoes by inverse writes, never by guessing from quantities. Every write tool can be undone.\n" +
        "- A household.join is a write of the household joined: it is listed and undone there.\n" +
        "- An undo's reply never holds an invite code (every member sees it): a redo reads the code from the " +
        "write that made the invite.",
      "Failure Modes": "- **CONFLICT**: a later write changed what this one changed (the message names it: undo " +
        "that write first), or added a line that a line coming back would duplicate; the write was already " +
        "undone; an invite was used, an ingredient is in use (the message names where). A redo meets the same " +
        "conflicts, and one more: a join the member took back themselves is theirs to make again.\n" +
        "- **PERMISSION_DENIED**: undoing an invite, a leave or a removal by a plain member; a join by a plain " +
        "member other than the one who joined.\n" +
        "- **NOT_FOUND**: no such write in this household, or no write to undo.\n" +
        "- **VALIDATION_ERROR**: invocation_id is not a uuid.",
      Examples:
        `### Example 1\n\`\`\`json\n{}\n\`\`\`\n### Example 2\n\`\`\`json\n{ "invocation_id": "${invocationId}" }\n\`\`\``,
      "Common Mistakes": "- ❌ Undoing an older write before the later ones that changed the same rows: undo " +
        "from the newest back.",
    }),
  },
};
