// The units come from the recipe form's list (the spec's 14, the same for grocery items); the list shows amounts
// without the unit folded in, so its own formatQuantity stays here.
export { type Unit, units } from "../../components/units.ts";

/** A quantity as a person writes it: no trailing zeros, at most 3 decimals. */
export function formatQuantity(quantity: number): string {
  return String(Math.round(quantity * 1000) / 1000);
}
