import type { RecipeCreateInput } from "@meal-planner/client/tools-client.generated.ts";

export type Unit = NonNullable<RecipeCreateInput["ingredients"][number]["unit"]>;

/** The units recipe.create takes, in the order a cook thinks of them; never converted. */
export const units: Unit[] = [
  "whole",
  "piece",
  "g",
  "kg",
  "ml",
  "l",
  "tsp",
  "tbsp",
  "cup",
  "fl oz",
  "oz",
  "lb",
  "can",
  "package",
];

/** "1.5 cup", "2 whole" read as a person would: 0.333 stays as sent, whole numbers lose their decimals. */
export function formatQuantity(quantity: number, unit: string): string {
  const amount = Number.isInteger(quantity) ? String(quantity) : String(Number(quantity.toFixed(3)));
  return unit === "whole" ? amount : `${amount} ${unit}`;
}
