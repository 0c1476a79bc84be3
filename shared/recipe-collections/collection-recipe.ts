// What every format reader gives: the recipes of a file, each read only when its page is asked for (a page
// inflates its own entries, not the whole archive), as one shape whatever app wrote them.
import type { CollectionFormat } from "../tools/recipe/import-file-results.ts";
import { ingredientEntries } from "../recipe-reading/ingredient-entries.ts";

/** An ingredient line as the file holds it. */
export interface CollectionLine {
  /** The line as the file writes it; for a format that keeps the parts apart, the parts written as a line. */
  text: string;
  /** The heading the line stands under in the file; null when none. */
  section: string | null;
  /** The parts, when the file keeps them apart (Mealie, Tandoor, Cooklang): used as they are. */
  parts?: {
    quantity: number | null;
    /** The unit as the file names it ("tablespoon", "g"); null when none. */
    unit: string | null;
    food: string;
    note: string | null;
  };
}

export interface CollectionRecipe {
  /** The app's own id, with the format before it ("paprika:<uid>"); null when the file gives none. */
  appId: string | null;
  title: string | null;
  lines: CollectionLine[];
  instructions: string | null;
  /** As the file gives it: a number, or text ("4 servings", "6-8"). */
  servings: number | string | null;
  tags: string[];
  notes: string | null;
  sourceUrl: string | null;
  photo: Uint8Array | null;
  /** The photo's http(s) address, when the file names one instead of holding the photo (fetched on import). */
  photoAddress?: string | null;
  /** A file beside the recipe's own in its archive that the recipe names as its image (recipe.export writes one). */
  photoFile?: string | null;
  /** What the reader read other than as the file says it. */
  warnings: string[];
}

/** A recipe of the file, read when its page is: a failure to read it is an EntryFailure. */
export interface CollectionItem {
  entry: string;
  read(): Promise<CollectionRecipe>;
}

export interface OpenedCollection {
  format: CollectionFormat;
  items: CollectionItem[];
}

/** One entry that cannot be read as a recipe (not JSON, no recipe in it): reported, the others still read. */
export class EntryFailure extends Error {}

/** The JSON in the bytes, or an EntryFailure saying it is not JSON. */
export function jsonOf(bytes: Uint8Array | string, what: string): unknown {
  const text = typeof bytes === "string" ? bytes : new TextDecoder().decode(bytes);
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    throw new EntryFailure(`${what} is not valid JSON`);
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value as trimmed text, or null when it is no text or blank. */
export function textOf(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return null;
  const text = value.trim();
  return text === "" ? null : text;
}

// More lines than any recipe takes (200) are not all read: a recipe past this many is refused as too long anyway,
// and reading a hostile entry's hundred thousand lines would cost seconds.
export const mostLinesRead = 4 * 200;

/** Text lines into ingredient lines, headings ("For the sauce:") made the section of the lines after them. */
export function linesOfText(values: string[]): CollectionLine[] {
  const lines = values.flatMap((value) => value.split(/\r\n?|\n/)).slice(0, mostLinesRead + 1);
  return ingredientEntries(lines).map((entry) => ({ text: entry.line, section: entry.section }));
}

export function emptyRecipe(): CollectionRecipe {
  return {
    appId: null,
    title: null,
    lines: [],
    instructions: null,
    servings: null,
    tags: [],
    notes: null,
    sourceUrl: null,
    photo: null,
    warnings: [],
  };
}
