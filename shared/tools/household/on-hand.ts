// On hand: the ingredients a household always has (salt, oil, flour). grocery.sync_plan leaves them off the list
// and lists them apart, unless the person includes them anyway.
import * as z from "zod";
import { defineTool } from "../define-tool.ts";
import { emptyInput, idField } from "../fields.ts";
import { onHandDocs } from "./docs-on-hand.ts";
import { HouseholdListOnHandResult, HouseholdSetOnHandResult } from "./results.ts";

export const setOnHand = defineTool({
  name: "household.set_on_hand",
  ...onHandDocs.setOnHand,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({
    ingredient_id: idField(
      "The ingredient's id (from ingredient.search or a recipe's lines): the catalog's or " +
        "the household's own.",
    ),
    on_hand: z.boolean({ error: "must be true or false" })
      .describe("true: the household has it, so syncing the plan leaves it off the list. false: it goes on again."),
  }),
  outputSchema: HouseholdSetOnHandResult,
  describe: (input, names) => describeSetOnHand(input, names.ingredient(input.ingredient_id)),
});

/** household.set_on_hand in words: "Mark salt as on hand", "Mark salt as no longer on hand". */
export function describeSetOnHand(input: { on_hand: boolean }, ingredientName: string): string {
  return `Mark ${ingredientName} as ${input.on_hand ? "on hand" : "no longer on hand"}`;
}

export const listOnHand = defineTool({
  name: "household.list_on_hand",
  ...onHandDocs.listOnHand,
  effect: "read",
  inputSchema: emptyInput,
  outputSchema: HouseholdListOnHandResult,
});

export const onHandTools = [setOnHand, listOnHand];
