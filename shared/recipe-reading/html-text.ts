// Markup to plain text: tags dropped, character references decoded (named ones a recipe page uses, and every
// numeric one), spaces folded. Nothing is executed; what is not understood is left as written.
import { withoutElements } from "./markup.ts";

const named: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  hellip: "…",
  deg: "°",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  frac13: "⅓",
  frac23: "⅔",
  frac18: "⅛",
  times: "×",
  eacute: "é",
  egrave: "è",
  ntilde: "ñ",
  uuml: "ü",
  ouml: "ö",
  auml: "ä",
  ccedil: "ç",
  iuml: "ï",
  acirc: "â",
  ecirc: "ê",
  agrave: "à",
  reg: "®",
  trade: "™",
  copy: "©",
  bull: "•",
  middot: "·",
  frasl: "⁄",
  thinsp: " ",
  ensp: " ",
  emsp: " ",
};

function codePoint(value: number): string {
  if (!Number.isFinite(value) || value <= 0 || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff)) return "";
  return String.fromCodePoint(value);
}

/** Decodes character references, twice at most: pages often encode "&amp;#39;" once too often. */
export function decodeEntities(text: string): string {
  let decoded = text;
  for (let round = 0; round < 2 && decoded.includes("&"); round++) {
    decoded = decoded.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);?/gi, (whole, reference: string) => {
      if (reference[0] === "#") {
        const value = reference[1] === "x" || reference[1] === "X"
          ? parseInt(reference.slice(2), 16)
          : parseInt(reference.slice(1), 10);
        return codePoint(value) || whole;
      }
      return named[reference.toLowerCase()] ?? whole;
    });
  }
  return decoded;
}

/** An element's or a value's text: tags dropped, entities decoded, spaces folded (new lines kept when asked). */
export function plainText(value: unknown, keepLines = false): string {
  const withoutTags = withoutElements(String(value).replace(/<br\s*\/?>|<\/(?:p|li|div)>/gi, "\n"), "script|style|svg")
    .replace(/<[^>]*>/g, " ");
  // "Â " is a no-break space that a page encoded as UTF-8 twice.
  // "Salt u0026 pepper": a JSON escape of "&" (or of a quote) whose backslash a site stripped before publishing.
  const decoded = decodeEntities(withoutTags).replace(/\u00c2(?=\u00a0)/g, "").replace(/[\u00a0\u2009\u202f]/g, " ")
    .replace(
      /(?<![\\\p{L}\p{N}])u00(26|27|22)(?![\p{L}\p{N}])/giu,
      (_escape, code: string) => String.fromCharCode(parseInt(code, 16)),
    );
  // A tag is a space, but a browser shows none where an element ends before a comma or a closing parenthesis
  // ("<span>butter</span>, softened") or starts after an opening one.
  const spaced = (text: string) => text.replace(/\s+/g, " ").replace(/ (?=[,;)])|(?<=\() /g, "").trim();
  if (!keepLines) return spaced(decoded);
  return decoded.split(/\r\n?|\n/).map(spaced).filter(Boolean).join("\n");
}

/** A line that starts with a quantity: a digit or a fraction character. */
export const measuredStart = /^(?:\d|[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞])/;

/** A numbered step ("1. Preheat the oven", "2) Mix"): it starts with a number but measures nothing. */
export const numberedStep = /^\d+\s*[.)](?:\s|$)/;

/** Bullets and checkboxes that pages put before each line of a list ("▢ 2 lb steaks", "• 1 cup rice"). */
export const leadingBullets = /^(?:[-*•·▪◦▢☐□✓]\s*)+/;

/** A line that starts with a quantity once its bullets are left out. */
export function startsMeasured(line: string): boolean {
  return measuredStart.test(line.replace(leadingBullets, ""));
}

/**
 * An element's text in lines broken where the markup breaks them: at <br>, and, when the element wraps several
 * measured ingredients each in its own block (two blocks at least that start with a quantity), after each
 * paragraph, list item or division. Its source's new lines and its inline elements are just spaces, as a browser
 * shows an inline list item ("<span>6</span> <span>oz.</span> cheese" is one line), and so are the blocks of one
 * ingredient ("<div>1 cup</div><div>flour</div><div>sifted</div>").
 */
export function brokenLines(markup: string): string {
  const folded = markup.replace(/\s+/g, " ");
  const lines = (separator: RegExp) => folded.split(separator).map((line) => plainText(line)).filter(Boolean);
  const blocks = lines(/<br\s*\/?>|<\/(?:p|li|div)\s*>/i);
  const measured = blocks.filter((line) => measuredStart.test(line)).length;
  return (measured >= 2 ? blocks : lines(/<br\s*\/?>/i)).join("\n");
}
