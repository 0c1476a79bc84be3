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

/**
 * A line's text for comparison: entities decoded, parenthesised asides dropped ("1 cup (200 g) rice" is the line
 * "1 cup rice" that a page's schema gives without the metric aside), and only letters and digits kept ("250g" is
 * "250 g"). Nothing else is forgiven: a line cut in two, run together or reworded is not recovered.
 */
export function comparable(text: string): string {
  return decodeEntities(text).normalize("NFKC").toLowerCase().replace(/\([^()]*\)/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, "");
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
