// The units are the typed client's (the same for recipe lines and grocery items); the list shows amounts without
// the unit folded in, so its own formatQuantity stays here.

/** A quantity as a person writes it: no trailing zeros, at most 3 decimals. */
export function formatQuantity(quantity: number): string {
  return String(Math.round(quantity * 1000) / 1000);
}
