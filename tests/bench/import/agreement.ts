// Agreement with the npm package parse-ingredient: the same quantity (to 3 decimals; for a range, its upper bound
// quantity2, which is what we read) and the same unit (its unit ids mapped onto our 14; quarts and gallons as the
// cups they are exactly, decilitres as millilitres; a unit it has and we do not counts as none, and a pinch, dash or
// drop, which we read as a line without an amount, as no quantity). A counted line ("3 eggs") that we give the
// catalog's count unit (whole, piece) and parse-ingredient gives none agrees: it has no count units.
import { exactly as exactlyAs } from "../../../shared/ingredient-grammar/measure-words.ts";
import type { DraftLine } from "./score.ts";

const unitIds: Record<string, string> = {
  cup: "cup",
  tablespoon: "tbsp",
  teaspoon: "tsp",
  milliliter: "ml",
  liter: "l",
  "fluid ounce": "fl oz",
  fluidOunce: "fl oz",
  pound: "lb",
  ounce: "oz",
  gram: "g",
  kilogram: "kg",
  piece: "piece",
  can: "can",
  package: "package",
};

export interface OtherReading {
  quantity: number | null;
  quantity2: number | null;
  unitOfMeasureID: string | null;
}

// Measures that are a whole number of one of our units, as we read them (its "deciliter" is our "decilitre").
const exactly: typeof exactlyAs = { ...exactlyAs, deciliter: exactlyAs.decilitre };
const notBoughtBy = new Set(["pinch", "dash", "drop"]);

export function agrees(line: DraftLine, other: OtherReading): { quantity: boolean; unit: boolean } {
  const id = other.unitOfMeasureID;
  const read = notBoughtBy.has(id ?? "") ? null : other.quantity2 ?? other.quantity;
  const theirs = read === null ? null : Math.round(read * (exactly[id ?? ""]?.times ?? 1) * 1000) / 1000;
  const unit = id === null ? null : exactly[id]?.unit ?? unitIds[id] ?? null;
  const counted = unit === null && (line.unit === "whole" || line.unit === "piece");
  return { quantity: theirs === line.quantity, unit: unit === line.unit || counted };
}
