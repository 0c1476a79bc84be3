import type { LeadingQuantity } from "../quantity.ts";
import type { Unit } from "../units.ts";

/** A unit read at the start of the text: which one, the word as written, and the text after it. */
export type LeadingUnit = { unit: Unit; written: string; rest: string };

/** A counting word or a piece of a root: its count unit (none for a pinch), the word, and the text after it. */
export type Measure = { unit: Unit | null; word?: string; rest: string };

/** A line as it is read, phase by phase: what is left of the text, and what each phase took from it. */
export interface Reading {
  text: string;
  notes: string[];
  quantity?: LeadingQuantity;
  unit?: LeadingUnit;
  /** A counting word or a piece of a root, when the amount is counted rather than measured in a unit. */
  measure?: Measure;
  /** Where the counting word went in the notes ("cloves"), for a range to join it ("2-3 cloves"). */
  countingNote?: number;
}
