// Aisles: the order of the grocery categories for a household's shop. Each item's category and what to
// buy come with grocery.get_list and grocery.changes.
import * as z from "zod";
import { defineTool } from "../define-tool.ts";
import { groceryCategories } from "../fields.ts";
import { aisleDocs } from "./docs-aisles.ts";
import { HouseholdSetAisleOrderResult } from "./results.ts";

/** The categories' labels, as public.grocery_categories holds them. */
export const groceryCategoryLabels: Record<(typeof groceryCategories)[number], string> = {
  produce: "Fruit and vegetables",
  bakery: "Bakery",
  deli: "Deli and chilled",
  meat: "Meat",
  seafood: "Fish and seafood",
  dairy: "Dairy and eggs",
  pantry: "Pantry",
  spices: "Spices and herbs",
  frozen: "Frozen",
  drinks: "Drinks",
  household: "Household",
  other: "Other",
};

const category = z.enum(groceryCategories, { error: `must be one of: ${groceryCategories.join(", ")}` });

export const setAisleOrder = defineTool({
  name: "household.set_aisle_order",
  ...aisleDocs.setAisleOrder,
  effect: "write",
  risk: "medium",
  inputSchema: z.strictObject({
    categories: z.array(category)
      .max(groceryCategories.length)
      .refine((categories) => new Set(categories).size === categories.length, {
        error: "must name each category at most once",
      })
      .describe(
        `Category codes in the order the household walks its shop (${
          groceryCategories.join(", ")
        }); the rest follow in the usual order. [] puts the usual order back.`,
      ),
  }),
  outputSchema: HouseholdSetAisleOrderResult,
  describe: (input, names) => describeSetAisleOrder(input, names.household()),
});

/** household.set_aisle_order in words: "Set the aisle order of "Home": Bakery, Fruit and vegetables first". */
export function describeSetAisleOrder(
  input: { categories: readonly (typeof groceryCategories)[number][] },
  householdName: string,
): string {
  const of = ` of ${householdName}`;
  if (input.categories.length === 0) return `Put the usual aisle order${of} back`;
  return `Set the aisle order${of}: ${input.categories.map((code) => groceryCategoryLabels[code]).join(", ")} first`;
}

export const aisleTools = [setAisleOrder];
