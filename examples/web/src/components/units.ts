// The units themselves (and their type) are the typed client's `units` and `Unit`, the tools' own list.

/** "1.5 cup", "2 whole" read as a person would: 0.333 stays as sent, whole numbers lose their decimals. */
export function formatQuantity(quantity: number, unit: string): string {
  const amount = Number.isInteger(quantity) ? String(quantity) : String(Number(quantity.toFixed(3)));
  return unit === "whole" ? amount : `${amount} ${unit}`;
}
