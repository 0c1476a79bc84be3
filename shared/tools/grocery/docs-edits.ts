// Prose for the grocery tools that edit lists and items and undo removals.
import { idExample, toolDoc } from "../docs/tool-doc.ts";
import { ledgerStatement } from "./docs-ledger.ts";
import { offlineFailureModes, offlineInvariants } from "../docs/offline-writes.ts";

const listId = "c0a80121-7ac0-4e1c-9d2b-5f8e4a3b2c10";
const itemId = "0f6e3c9a-2b1d-4e7f-8a9c-1d2e3f4a5b6c";

const updateItemSummary = `Changes an item's quantity, unit or prep state (each only when given), e.g. to resolve a
unit mismatch by hand; returns the previous values. Needs the user's confirmation.`;
const renameListSummary = `Renames a grocery list; the new name must be unique among the household's live lists.
Returns the previous name. Needs the user's confirmation.`;
const deleteListSummary = `Deletes a grocery list (soft: its items and sources are kept) so that
grocery.restore_list can bring it back. Needs the user's confirmation.`;
const restoreListSummary = `Brings a deleted grocery list back with its items and their sources, within the household's
cap of live lists. Needs the user's confirmation.`;
const clearCheckedSummary = `Removes every checked item of a list (soft); returns their ids, each restorable with
grocery.restore_item. Needs the user's confirmation.`;
const restoreItemSummary = `Brings a removed grocery item back onto its list as it was (an unchecked one folds into
a matching unchecked line). A line that was folded or converted into another is refused, naming that line. Needs the
user's confirmation.`;

const notFound = "- **NOT_FOUND**: no such list in this household (another household's is NOT_FOUND too).";

export const groceryEditDocs = {
  updateItem: {
    description: "Change a grocery item's quantity, unit or prep state; returns the previous values.",
    summary: updateItemSummary,
    doc: toolDoc("grocery.update_item", updateItemSummary, {
      Preconditions: "- grocery_item_id names a live item of the household; at least one of quantity, unit and " +
        "prep_state (null clears it) is given.",
      Postconditions: "- Returns `{ item, previous, folded_into_item_id, message }`. When the change gives an " +
        "unchecked item the merge key of another unchecked line, it folds into that line (quantity and sources) " +
        "and `item` is that line.",
      Invariants: "- No unit is ever converted: the person states the new amount, recorded as an adjustment " +
        "(the difference in the same unit; a new unit takes the old amount out in the old unit and puts the new " +
        "one in).\n" + `${ledgerStatement}\n` +
        "- Undo: call it again with the `previous` values.\n" + offlineInvariants,
      "Failure Modes": "- **VALIDATION_ERROR**: no field to change, or a bad quantity, unit or prep state.\n" +
        "- **NOT_FOUND**: no such item in this household.\n" + offlineFailureModes("grocery.update_item"),
      Examples: `### Example 1\n\`\`\`json\n{ "grocery_item_id": "${itemId}", "quantity": 1.1, "unit": "lb" }\n\`\`\``,
      "Common Mistakes": "- ❌ Converting units silently: ask the person for the amount in the new unit.",
    }),
  },
  renameList: {
    description: "Rename a grocery list; returns the previous name.",
    summary: renameListSummary,
    doc: toolDoc("grocery.rename_list", renameListSummary, {
      Preconditions: "- grocery_list_id names a live list of the household.",
      Postconditions: "- Returns `{ list, previous_name }`. Undo: rename it back to previous_name.",
      Invariants: "- Names are unique among live lists, ignoring case and surrounding spaces.",
      "Failure Modes": `${notFound}\n- **CONFLICT** (field name): another live list has this name.`,
      Examples: `### Example 1\n\`\`\`json\n{ "grocery_list_id": "${listId}", "name": "Weekend shop" }\n\`\`\``,
      "Common Mistakes": "- ❌ Creating a new list to change a name.",
    }),
  },
  deleteList: {
    description: "Delete a grocery list (soft); grocery.restore_list undoes it.",
    summary: deleteListSummary,
    doc: toolDoc("grocery.delete_list", deleteListSummary, {
      Preconditions: "- grocery_list_id names a live list of the household.",
      Postconditions:
        "- The list and its items are hidden. Returns `{ deleted: true, list: { id, name, deleted_at } }`.",
      Invariants: "- Nothing is erased; grocery.restore_list brings all of it back.",
      "Failure Modes": `${notFound}\n- **CONFLICT**: the list is already deleted.`,
      Examples: idExample("grocery_list_id", listId),
      "Common Mistakes": "- ❌ Deleting a list to empty it: use grocery.clear_checked or remove items.",
    }),
  },
  restoreList: {
    description: "Restore a deleted grocery list with its items.",
    summary: restoreListSummary,
    doc: toolDoc("grocery.restore_list", restoreListSummary, {
      Preconditions: "- grocery_list_id names a deleted list of the household.",
      Postconditions: "- Returns `{ restored: true, list }` as grocery.list_lists shows it.",
      Invariants: "- The household's cap of 200 live lists holds.",
      "Failure Modes": `${notFound}\n- **CONFLICT**: the list is not deleted, a live list has its name, or the ` +
        "household already holds 200 live lists.",
      Examples: idExample("grocery_list_id", listId),
      "Common Mistakes": "- ❌ Creating a new list with the old name instead of restoring.",
    }),
  },
  clearChecked: {
    description: "Remove every checked item of a grocery list (soft); returns their ids.",
    summary: clearCheckedSummary,
    doc: toolDoc("grocery.clear_checked", clearCheckedSummary, {
      Preconditions: "- grocery_list_id names a live list of the household.",
      Postconditions: "- Returns `{ grocery_list_id, removed_count, removed_item_ids, item_count }`.",
      Invariants: "- Unchecked items are untouched. Undo: grocery.restore_item for each removed id.",
      "Failure Modes": notFound,
      Examples: idExample("grocery_list_id", listId),
      "Common Mistakes": "- ❌ Removing checked items one by one.",
    }),
  },
  restoreItem: {
    description: "Restore a removed grocery item onto its list.",
    summary: restoreItemSummary,
    doc: toolDoc("grocery.restore_item", restoreItemSummary, {
      Preconditions: "- grocery_item_id names a removed item of the household whose list is live.",
      Postconditions: "- Returns `{ restored: true, item, folded_into_item_id }`.",
      Invariants: "- A list never holds two unchecked lines with one merge key; the 1000-item cap holds.\n" +
        `${ledgerStatement}\n` +
        "- Only a line removed as a line (grocery.remove_item, grocery.clear_checked) comes back: a line folded or " +
        "converted into another has its amount there, and one whose amount was all withdrawn or taken back has " +
        "nothing left.",
      "Failure Modes": "- **NOT_FOUND**: no such item in this household.\n" +
        "- **CONFLICT**: the item is not removed, its list is deleted, or the list is full; the line was merged " +
        "into another (a fold or a conversion: the message names that line, with its quantity and id: change " +
        "that line instead); or nothing of it is left (grocery.sync_plan withdrew it all, or history.undo took " +
        "back the write that made it).",
      Examples: idExample("grocery_item_id", itemId),
      "Common Mistakes": "- ❌ Adding the item again instead of restoring it (its sources would be lost).",
    }),
  },
};
