// Scores one import against the page's expected title and ingredient lines (from recipe-scrapers' JSON beside the
// page). A line is recovered when a draft line reads the same after entity decoding, case and space folding.
import { decodeEntities } from "../../../shared/media/html-text.ts";

export interface Expected {
  title?: string;
  ingredients: string[];
}

export interface DraftLine {
  original: string;
  quantity: number | null;
  unit: string | null;
  name: string;
  note: string | null;
  problems: string[];
  ingredient: { id: string; name: string } | null;
}

export function comparable(text: string): string {
  return decodeEntities(text).normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

/** The expected lines found among the draft's lines, each draft line used once. */
export function recoveredLines(expected: string[], lines: DraftLine[]): { expected: string; line: DraftLine }[] {
  const unused = new Map<string, DraftLine[]>();
  for (const line of lines) {
    const key = comparable(line.original);
    unused.set(key, [...(unused.get(key) ?? []), line]);
  }
  const found: { expected: string; line: DraftLine }[] = [];
  for (const text of expected) {
    const candidates = unused.get(comparable(text));
    const line = candidates?.shift();
    if (line) found.push({ expected: text, line });
  }
  return found;
}
