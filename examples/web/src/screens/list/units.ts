import type { GroceryAddItemInput } from "../../../../../shared/client/tools-client.generated.ts";

export type Unit = GroceryAddItemInput["unit"];

export const units: Unit[] = [
  "whole",
  "piece",
  "g",
  "kg",
  "ml",
  "l",
  "cup",
  "tbsp",
  "tsp",
  "fl oz",
  "lb",
  "oz",
  "can",
  "package",
];

/** A quantity as a person writes it: no trailing zeros, at most 3 decimals. */
export function formatQuantity(quantity: number): string {
  return String(Math.round(quantity * 1000) / 1000);
}
