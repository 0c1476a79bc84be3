// Scores one import against the page's expected title and ingredient lines (from recipe-scrapers' JSON beside the
// page). A line is recovered when a draft line reads the same after entity decoding, case and space folding.
import { decodeEntities } from "../../../shared/recipe-reading/html-text.ts";
import { sectionHeading } from "../../../shared/recipe-reading/section-heading.ts";
import { lineSetAsideNotToBuy } from "../../../shared/recipe-reading/lines-not-to-buy.ts";

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
  section: string | null;
}

/**
 * A line's text for comparison: entities decoded, parenthesised asides dropped ("1 cup (200 g) rice" is the line
 * "1 cup rice" that a page's schema gives without the metric aside), and only letters and digits kept ("250g" is
 * "250 g"). A line also counts with its asides kept ("squash (seeded)" is "squash, seeded"). Nothing else is
 * forgiven: a line cut in two, run together or reworded is not recovered.
 */
export function comparable(text: string, withoutAsides = true): string {
  const plain = decodeEntities(text).normalize("NFKC").toLowerCase();
  return (withoutAsides ? plain.replace(/\([^()]*\)/g, "") : plain).replace(/[^\p{L}\p{N}]+/gu, "");
}

/** The expected lines found among the draft's lines, each draft line used once. */
export function recoveredLines(expected: string[], lines: DraftLine[]): { expected: string; line: DraftLine }[] {
  const used = new Set<DraftLine>();
  const found: { expected: string; line: DraftLine }[] = [];
  const recovered = new Set<number>();
  for (const withoutAsides of [false, true]) {
    for (const [index, text] of expected.entries()) {
      if (recovered.has(index)) continue;
      const key = comparable(text, withoutAsides);
      const line = lines.find((candidate) =>
        !used.has(candidate) && comparable(candidate.original, withoutAsides) === key
      );
      if (!line) continue;
      used.add(line);
      recovered.add(index);
      found.push({ expected: text, line });
    }
  }
  return found;
}

/**
 * The expected lines that are headings ("For the dressing:") which the draft kept as the section of its lines, as
 * the issue asks ("headings kept as section names rather than ingredients"): recovered, though no ingredient line
 * holds them. Only a heading whose section name is exactly one of the draft's sections counts: its name as a heading
 * reads, or the whole line (a part named alone above its lines, "Final Dough", heads them as it is written). A part's
 * section under a heading of the page's own names both ("Sourdough Version: Final Dough"), and keeps both.
 */
export function headingsKept(expected: string[], lines: DraftLine[], recovered: Set<string>): string[] {
  const sections = new Set(
    lines.flatMap((line) => line.section === null ? [] : [line.section, ...line.section.split(": ")]),
  );
  return expected.filter((text) => {
    if (recovered.has(text)) return false;
    const heading = sectionHeading(text) ?? text.trim();
    return sections.has(heading);
  });
}

/**
 * The expected lines, not recovered otherwise, that the draft set aside as cookware or made in the recipe
 * (lines-not-to-buy.ts): listed in its other lines with the reason, so nothing is lost. (Lines set aside as steps or
 * notes are not counted: a real ingredient read as a note would be lost from the recipe's lines.)
 */
export function setAsideLines(expected: string[], otherLines: string[], recovered: Set<string>): string[] {
  const setAside = otherLines.map(lineSetAsideNotToBuy).filter((line) => line !== undefined);
  const used = new Set<number>();
  return expected.filter((text) => {
    if (recovered.has(text)) return false;
    for (const withoutAsides of [false, true]) {
      const at = setAside.findIndex((line, index) =>
        !used.has(index) && comparable(line, withoutAsides) === comparable(text, withoutAsides)
      );
      if (at >= 0) {
        used.add(at);
        return true;
      }
    }
    return false;
  });
}
