import { idField } from "../fields.ts";

/** The input field naming a list: in its own module, so the change feed's tools take it without the grocery tools. */
export const groceryListId = idField("The grocery list's id (from grocery.list_lists or grocery.create_list).");
