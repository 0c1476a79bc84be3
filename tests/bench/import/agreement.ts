// Agreement with the npm package parse-ingredient: the same quantity (to 3 decimals; its ranges count as no
// quantity, as ours are) and the same unit (its unit ids mapped onto our 14; a unit it has and we do not, such as
// "pinch", counts as none). A counted line ("3 eggs") that we give the catalog's count unit (whole, piece) and
// parse-ingredient gives none agrees: it has no count units.
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

export function agrees(line: DraftLine, other: OtherReading): { quantity: boolean; unit: boolean } {
  const theirs = other.quantity2 !== null || other.quantity === null ? null : Math.round(other.quantity * 1000) / 1000;
  const unit = other.unitOfMeasureID === null ? null : unitIds[other.unitOfMeasureID] ?? null;
  const counted = unit === null && (line.unit === "whole" || line.unit === "piece");
  return { quantity: theirs === line.quantity, unit: unit === line.unit || counted };
}
