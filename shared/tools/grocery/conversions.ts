import * as z from "zod";
import { defineTool } from "../define-tool.ts";
import { idField, unitField } from "../fields.ts";
import { groceryListId } from "./tools.ts";
import { counted } from "../describe/wording.ts";
import { groceryConversionDocs } from "./docs-conversions.ts";
import { GroceryApplyConversionResult, GroceryProposeConversionsResult } from "./results.ts";

export const proposeConversions = defineTool({
  name: "grocery.propose_conversions",
  ...groceryConversionDocs.propose,
  effect: "read",
  inputSchema: z.strictObject({ grocery_list_id: groceryListId }),
  outputSchema: GroceryProposeConversionsResult,
});

export const applyConversion = defineTool({
  name: "grocery.apply_conversion",
  ...groceryConversionDocs.apply,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({
    grocery_list_id: groceryListId,
    item_ids: z.array(idField("A line of the proposal (from grocery.propose_conversions)."))
      .min(2)
      .max(50)
      .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
        error: "must not repeat an item",
      })
      .describe("The proposal's item_ids: 2 to 50 lines to merge."),
    unit: unitField("The unit to merge into (the proposal's), of the same kind as the lines."),
  }),
  describe: (input, names) =>
    `Merge ${counted(input.item_ids.length, "line")} of ${names.item(input.item_ids[0])} on ` +
    `${names.list(input.grocery_list_id)} into one line in ${input.unit}`,
  outputSchema: GroceryApplyConversionResult,
});

export const groceryConversionTools = [proposeConversions, applyConversion];
