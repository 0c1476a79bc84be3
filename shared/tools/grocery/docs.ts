// Prose for the grocery tools: description (provider schemas), summary (system prompts), doc (on request).
import { idExample, toolDoc } from "../docs/tool-doc.ts";
import { ledgerStatement } from "./docs-ledger.ts";
import { offlineFailureModes, offlineInvariants } from "../docs/offline-writes.ts";

const listId = "c0a80121-7ac0-4e1c-9d2b-5f8e4a3b2c10";
const itemId = "0f6e3c9a-2b1d-4e7f-8a9c-1d2e3f4a5b6c";
const riceId = "5b0e8a4c-3d2f-4a1b-9c8d-7e6f5a4b3c2d";

/** What grocery.get_list and grocery.changes say about aisles and buying. */
export const aisleFields =
  "- `category`: the catalog ingredient's aisle (produce, bakery, deli, meat, seafood, dairy, " +
  "pantry, spices, frozen, drinks, household, other); null for a free-text item or a household's own ingredient " +
  "(show it with other). `aisle_order`: every category once, in the household's order " +
  "(household.set_aisle_order) or the default one: group the items by category in that order.\n" +
  "- `buy`: what to buy for the exact need where the catalog records how the ingredient is sold, else null " +
  '(buy the exact need): `{ quantity, unit, wording }`, e.g. 2.5 can → `{ 3, "can", "3 cans" }`; garlic in ' +
  'cloves (piece) → heads of 10 cloves (`"1 head"` for 3); butter in grams or ounces → 250 g packs; things ' +
  "counted whole (onions, eggs) → whole ones. The quantity stays the exact need: buy is advice beside it.";

const listListsSummary = `Lists the household's live grocery lists, newest first,
with each list's item count and unchecked item count.`;
const getListSummary = `Returns one grocery list with every live item (name, quantity, unit, prep state, checked,
sources), each item's aisle (category) and what to buy, and the household's aisle order.`;
const createListSummary = `Creates an empty grocery list. The name (trimmed) must be unique among the household's
live lists, ignoring case. Needs the user's confirmation.`;
const pushSummary = `Adds ingredient lines to a list, merging each into an unchecked item with the same
ingredient, unit and prep state (summed exactly, never converted), else adding an item.
Returns the items added and merged and the item count. Needs confirmation.`;
const addItemSummary = `Adds one item: an ingredient, by id or by its exact name (merged like push_ingredients), or a
free name that matches no ingredient, with a numeric quantity and unit. Needs the user's confirmation.`;
const checkSummary = `Marks a grocery item as bought (checked). Checking a checked item changes nothing.
Checked items stay on the list and no longer take merges.`;
const uncheckSummary = `Marks a checked grocery item as not bought again; if the list already has an unchecked line
with the same ingredient, unit and prep state, it folds into that line. Unchecking an unchecked item changes nothing.`;
const removeSummary = `Removes an item from its list (soft delete) and returns it, so it can be added back.
Needs the user's confirmation.`;

export const groceryDocs = {
  listLists: {
    description: "List the household's grocery lists with their item counts.",
    summary: listListsSummary,
    doc: toolDoc("grocery.list_lists", listListsSummary, {
      Preconditions: "- The caller belongs to the household. The input is a page: `limit` (1–100, 50 when " +
        "absent) and `cursor` (the previous page's next_cursor).",
      Postconditions: "- Nothing changes. Returns `{ lists: [{ id, name, item_count, unchecked_count, created_at, " +
        "updated_at }], next_cursor }`, newest first; next_cursor is null on the last page.",
      Invariants: "- Removed lists and removed items are never counted. A household holds at most 200 live lists.",
      "Failure Modes": "- **VALIDATION_ERROR**: any other input field, limit outside 1–100, or a cursor this tool " +
        "did not return (field cursor).",
      Examples: "### Example 1\n```json\n{}\n```",
      "Common Mistakes": "- ❌ Passing a name to filter by: read the lists and pick one.",
    }),
  },
  getList: {
    description: "Get a grocery list with all its items and where each came from.",
    summary: getListSummary,
    doc: toolDoc("grocery.get_list", getListSummary, {
      Preconditions: "- grocery_list_id names a live list of the household.",
      Postconditions: "- Nothing changes. Returns `{ list: { id, name, item_count, unchecked_count, created_at, " +
        "updated_at }, items: [{ id, ingredient_id, name, quantity, unit, prep_state, checked, checked_at, " +
        "sources: [{ recipe_id, planner_meal_id, quantity_added, unit, created_at }], category, buy, checked_by, " +
        "checked_by_name }], version, aisle_order: [{ category, label }] }`, unchecked items first; sources are an " +
        "item's 20 latest contributions, oldest first; checked_by_name is who ticked it as the household knows them " +
        "(display name, else email; null once they left).\n" + aisleFields,
      Invariants: "- Quantities are exact decimals in the unit stored; nothing is converted.",
      "Failure Modes": "- **NOT_FOUND**: no such live list in this household.",
      Examples: idExample("grocery_list_id", listId),
      "Common Mistakes": "- ❌ Passing the list's name: find its id with grocery.list_lists.",
    }),
  },
  createList: {
    description: "Create a grocery list with a name unique in the household.",
    summary: createListSummary,
    doc: toolDoc("grocery.create_list", createListSummary, {
      Preconditions: "- No live list of the household has the same name (trimmed, case-insensitive).",
      Postconditions: "- An empty list exists. Returns `{ grocery_list_id, name, created_at }`.",
      Invariants: "- The same Idempotency-Key with the same input creates one list.",
      "Failure Modes": "- **CONFLICT**: a live list already has this name; not retryable, use that list.\n" +
        "- **CONFLICT**: the household already holds 200 live lists (the limit is named); remove one first.\n" +
        "- **VALIDATION_ERROR** (field name): blank or longer than 100 characters.",
      Examples: '### Example 1\n```json\n{ "name": "Weekly shop" }\n```',
      "Common Mistakes": "- ❌ Creating a list per recipe: push several recipes into one list.",
    }),
  },
  pushIngredients: {
    description: "Push structured ingredient lines into a grocery list, merging exact matches " +
      "(same ingredient, unit and prep state).",
    summary: pushSummary,
    doc: toolDoc("grocery.push_ingredients", pushSummary, {
      Preconditions: "- grocery_list_id names a live list of the household.\n" +
        "- Every line has an ingredient_id known to the household, a number quantity > 0 and an allowed unit.\n" +
        "- source_recipe_id and planner_meal_id, when given, name live rows of the household.",
      Postconditions: "- Returns `{ grocery_list_id, added: [item], merged: [item + quantity_before, " +
        "quantity_after], summary: { lines_received, items_added, items_merged }, item_count }`; items are " +
        "`{ id, ingredient_id, name, quantity, unit, prep_state, checked }`.\n" +
        "- Every line is recorded as a source of the item it went into.",
      Invariants: "- Merge key: ingredient_id + unit + prep_state (null equals null), unchecked and live items " +
        "only. Lines of one call sharing a key are summed first.\n" +
        "- 1 cup + 0.5 cup + 1.75 cup is exactly 3.25 cup. 1 lb and 500 g stay two items. " +
        "chopped and whole onions stay two items.\n" +
        "- All or nothing; the same Idempotency-Key with the same input adds once.",
      "Failure Modes": "- **VALIDATION_ERROR** (field `ingredients[i].…`): a string quantity, missing or unknown " +
        "unit, unknown ingredient. Nothing is added.\n" +
        "- **NOT_FOUND**: the list (or a source recipe or meal) is not in this household.\n" +
        "- **CONFLICT**: the list would hold more than 1000 items; nothing is added.\n" +
        "- **IDEMPOTENCY_MISMATCH**: the Idempotency-Key was used before with a different input.",
      Examples: `### Example 1: Two recipes' rice\n\`\`\`json\n{ "grocery_list_id": "${listId}", "ingredients": [\n` +
        `  { "ingredient_id": "${riceId}", "quantity": 0.5, "unit": "cup" },\n` +
        `  { "ingredient_id": "${riceId}", "quantity": 1.75, "unit": "cup" } ] }\n\`\`\`\n` +
        "Result: with 1 cup already on the list, one merged item of 3.25 cup.",
      "Common Mistakes": '- ❌ Converting units first ("1 lb is 454 g"): push what the recipe says.\n' +
        '- ❌ `"quantity": "2 cups"`: quantity is a number and unit a separate field.\n' +
        "- ❌ Retrying a timed-out push without the same Idempotency-Key: it would add twice.",
    }),
  },
  addItem: {
    description: "Add one item to a grocery list, by ingredient id or free name, with a numeric quantity and unit.",
    summary: addItemSummary,
    doc: toolDoc("grocery.add_item", addItemSummary, {
      Preconditions: "- grocery_list_id names a live list of the household; exactly one of ingredient_id and " +
        "name is given.",
      Postconditions: "- Returns `{ grocery_item_id, merged, item, message }`; merged is true when the quantity " +
        "went into an existing unchecked item with the same ingredient (or free name), unit and prep state.",
      Invariants: "- A name that is exactly an ingredient's (the household's own first, then the catalog), after " +
        "trimming and case folding, is that ingredient; nothing is ever matched fuzzily.\n" +
        "- A name that matches no ingredient is a free item; free items merge by name, unit and prep state.\n" +
        "- Prep states compare trimmed and case-folded; an item keeps the spelling it was first given.",
      "Failure Modes": "- **VALIDATION_ERROR**: both or neither of ingredient_id and name (field name), bad " +
        "quantity or unit.\n- **NOT_FOUND**: no such list in this household.\n" +
        "- **CONFLICT**: the list already holds 1000 items.",
      Examples: `### Example 1\n\`\`\`json\n{ "grocery_list_id": "${listId}", "name": "paper towels", ` +
        `"quantity": 2, "unit": "package" }\n\`\`\``,
      "Common Mistakes": "- ❌ Adding a recipe's ingredients one by one: use grocery.push_ingredients.",
    }),
  },
  checkItem: {
    description: "Mark a grocery item as bought.",
    summary: checkSummary,
    doc: toolDoc("grocery.check_item", checkSummary, {
      Preconditions: "- grocery_item_id names a live item of the household.",
      Postconditions: "- The item is checked. Returns `{ item }` as in grocery.get_list.",
      Invariants: "- A checked item no longer receives merges; later pushes add a new item.\n" +
        "- Checking an item someone else already checked is a success that changes nothing (it stays theirs).\n" +
        offlineInvariants,
      "Failure Modes": "- **NOT_FOUND**: no such item in this household.\n" + offlineFailureModes("grocery.check_item"),
      Examples: idExample("grocery_item_id", itemId),
      "Common Mistakes": "- ❌ Removing bought items instead of checking them: checked items keep their history.",
    }),
  },
  uncheckItem: {
    description: "Mark a checked grocery item as not bought.",
    summary: uncheckSummary,
    doc: toolDoc("grocery.uncheck_item", uncheckSummary, {
      Preconditions: "- grocery_item_id names a live item of the household.",
      Postconditions: "- The item is unchecked. Returns `{ item, folded_into_item_id, previous, message }`: when " +
        "the list already had an unchecked line with the same merge key, the item folded into it (quantity and " +
        "sources, in one transaction), was removed, and `item` is that line. `previous` is `{ item_id, " +
        "checked_by, checked_at, source_ids, withdrawal_ids, adjustment_ids }`: the line, who checked it and when, " +
        "and its ledger rows (all of which move with it when it folds; the folded line is marked as merged).\n" +
        "- history.undo checks it again exactly (same person, same time); after a fold, the line it folded into " +
        "gives back its quantity and the sources, and the checked line comes back.",
      Invariants: "- A list never holds two unchecked lines with one merge key, so later pushes find one line.\n" +
        ledgerStatement + "\n" + offlineInvariants,
      "Failure Modes": "- **NOT_FOUND**: no such item in this household.\n" +
        offlineFailureModes("grocery.uncheck_item") + "\n" +
        "- Its undo is a **CONFLICT** when a later write changed the item or the line it folded into (undo that " +
        "write first).",
      Examples: idExample("grocery_item_id", itemId),
      "Common Mistakes": "- ❌ Using it to add more of an item: use grocery.add_item.",
    }),
  },
  removeItem: {
    description: "Remove an item from a grocery list (soft delete); returns it for undo.",
    summary: removeSummary,
    doc: toolDoc("grocery.remove_item", removeSummary, {
      Preconditions: "- grocery_item_id names a live item of the household.",
      Postconditions: "- The item is hidden from the list. Returns `{ removed: true, item: { …, deleted_at } }`.",
      Invariants: "- The row and its sources are kept.\n" + offlineInvariants,
      "Failure Modes": "- **NOT_FOUND**: no such item in this household; removing twice is NOT_FOUND the second " +
        "time (`details.reason: removed`).\n" + offlineFailureModes("grocery.remove_item"),
      Examples: idExample("grocery_item_id", itemId),
      "Common Mistakes": "- ❌ Removing to lower a quantity: remove and add the new amount, or ask the user.",
    }),
  },
};
