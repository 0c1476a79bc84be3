// The conflict rules of writes made offline, said once for the grocery item tools and grocery.changes.

/** The rule each item write applies when it carries seen_version. */
export const staleWriteRules = {
  "grocery.check_item": "refused when the item is unchecked and someone else unchecked it after seen_version",
  "grocery.uncheck_item": "refused when the item is checked and someone else checked it after seen_version",
  "grocery.update_item": "refused when someone else changed its quantity, unit or prep state after seen_version " +
    "(an edit, or a push, add or sync that merged into it)",
  "grocery.remove_item": "refused when someone else changed its checked state, or its quantity, unit or prep " +
    "state, after seen_version",
} as const;

type ItemWriteTool = keyof typeof staleWriteRules;

/** The Failure Modes lines every item write shares: a stale write's conflict, and an item that is gone. */
export function offlineFailureModes(tool: ItemWriteTool): string {
  return `- **CONFLICT** (field seen_version): with seen_version, ${staleWriteRules[tool]}. Nothing changes; ` +
    '`details` is `{ reason: "checked_changed" | "amount_changed", item (as it is now, as in grocery.get_list), ' +
    "changed_by (a user id), changed_at_version, grocery_list_id, version }` and the message says it in words " +
    "for the person. Your own changes never conflict with you. seen_version past the list's version is a " +
    "CONFLICT too: it was not read from this list.\n" +
    "- **NOT_FOUND** (field grocery_item_id) for an item that is gone, with `details.reason`: `merged` when it " +
    "went into another line (an uncheck or edit folded it, or a conversion), with `details.merged_into`, that " +
    "line as it is now, named in the message (the change is not applied to it: it holds more than the item did); " +
    "`removed` when someone removed it. `details.item` is the item as it was last.";
}

/** What every item write says about offline use, for its Invariants. */
export const offlineInvariants = "- Offline: send the Idempotency-Key minted when the person acted and seen_version, " +
  "the list's version the screen showed. A retry with the same key replays the first answer, a refusal " +
  "(CONFLICT, NOT_FOUND) included, within the 7 days keys are kept (`replayWindowMilliseconds` in " +
  "shared/client/replay-window.ts): replay nothing older. A tick of an item that an offline grocery.add_item " +
  "created or merged into goes to the line the add's reply names (`grocery_item_id`).";

/** The conflict rules as grocery.changes states them, for a client that syncs. */
export const conflictRules = "- Offline writes and conflicts: a queued write replays with the Idempotency-Key " +
  "minted when the person acted and runs once; its first answer, a refusal included, is kept 7 days " +
  "(`replayWindowMilliseconds`, shared/client/replay-window.ts): replay nothing older, show it to the person " +
  "instead. grocery.check_item, uncheck_item, update_item and remove_item take `seen_version`, the version " +
  "your copy of the list was at: a write that would undo someone else's later change is a CONFLICT with the " +
  "item as it is now (an uncheck of an item someone ticked after your read, never a silent un-tick). Checking " +
  "an item someone else checked is a success that changes nothing. An item someone removed is NOT_FOUND " +
  "(`details.reason: removed`); one merged into another line (an uncheck folds lines) is NOT_FOUND with " +
  "`details.merged_into`, the line it went into, and appears here in `removed` with `merged_into_id`. An add " +
  "made offline merges like any add, and a tick of what it added goes to the line its reply names.";
