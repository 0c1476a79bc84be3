// Quantities at the start of an ingredient line: "2", "1.5", "1/2", "1 1/2", "½", "1½", and ranges ("2-3",
// "2 to 3"), which are kept as text and never averaged.

const unicodeFractions: Record<string, string> = {
  "½": "1/2",
  "⅓": "1/3",
  "⅔": "2/3",
  "¼": "1/4",
  "¾": "3/4",
  "⅕": "1/5",
  "⅖": "2/5",
  "⅗": "3/5",
  "⅘": "4/5",
  "⅙": "1/6",
  "⅚": "5/6",
  "⅛": "1/8",
  "⅜": "3/8",
  "⅝": "5/8",
  "⅞": "7/8",
};

const fractionCharacters = new RegExp(`(\\d?)(\\s*)([${Object.keys(unicodeFractions).join("")}])`, "g");

const wordNumbers: Record<string, string> = {
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
  ten: "10",
  eleven: "11",
  twelve: "12",
  half: "1/2",
  "a half": "1/2",
  "one half": "1/2",
  "a quarter": "1/4",
  "one quarter": "1/4",
  "a dozen": "12",
  "a couple of": "2",
  "a couple": "2",
  "couple of": "2",
  dozen: "12",
};
const leadingWordNumber = new RegExp(
  `^(${Object.keys(wordNumbers).sort((a, b) => b.length - a.length).join("|")})\\b(?!-)`,
  "i",
);

/** "1½" → "1 1/2", "½" → "1/2", the fraction slash (⁄) as a plain one, "1 and 1/2" → "1 1/2". */
export function plainFractions(text: string): string {
  return text.replace(/\u2044/g, "/").replace(
    fractionCharacters,
    // ("Honey ½ cup", "cut in ¼-inch slices": the space before a fraction without a whole number stays.)
    (_match, whole: string, space: string, fraction: string) =>
      `${whole ? `${whole} ` : space ? " " : ""}${unicodeFractions[fraction]}`,
  ).replace(/^(\d+)\s+(?:and|&|\+)\s+(\d+\/\d+)/i, "$1 $2").replace(/^(\d+)-(\d+\/\d+)\b/, "$1 $2")
    // "1 /2 banana": a fraction with a stray space before its slash; "1?2 cup": its slash lost to the page's encoding.
    .replace(/^(\d+)\s+\/\s*(\d+)(?=\s)/, "$1/$2").replace(/^(\d)\?(\d{1,2})(?=\s)/, "$1/$2");
}

/** A number written as a word at the start of a line ("four eggs", "half a cup") as digits. */
export function plainWordNumber(text: string): string {
  const number = (word: string) => wordNumbers[word.toLowerCase().replace(/\s+/g, " ")];
  // "Four to six slices": both ends of a range written as words.
  const range = /^(\p{L}+)\s+(to|or)\s+(\p{L}+)\b/iu.exec(text);
  if (range && /^\d+$/.test(number(range[1]) ?? "") && /^\d+$/.test(number(range[3]) ?? "")) {
    return `${number(range[1])} ${range[2]} ${number(range[3])}${text.slice(range[0].length)}`;
  }
  return text.replace(leadingWordNumber, (word) => number(word))
    .replace(/^(\d+(?:\/\d+)?)\s+an?\s+/i, "$1 ");
}

const single = String.raw`\d+\s+\d+/\d+|\d+/\d+|\d*\.\d+|\d+`;
const rangePattern = new RegExp(String.raw`^(${single})\s*(?:-|–|—|to|or)\s*(${single})(?=\s|$|[a-zA-Z])`, "i");
const singlePattern = new RegExp(String.raw`^(${single})(?=\s|$|[a-zA-Z(])`);

export interface LeadingQuantity {
  /**
   * The number, rounded to 3 decimals (what recipe.create takes); for a range ("2-3") its upper bound, what to have
   * so as not to run short (never an average); null for a zero denominator or a range that does not rise ("3-2").
   */
  value: number | null;
  /** The quantity as written (fractions made plain): "1 1/2", "2-3". */
  text: string;
  range: boolean;
  /** True when the value had to be rounded to 3 decimals (1/3 → 0.333). */
  rounded: boolean;
  /** What follows the quantity. */
  rest: string;
}

function valueOf(text: string): number | null {
  const parts = text.trim().split(/\s+/);
  let total = 0;
  for (const part of parts) {
    if (part.includes("/")) {
      const [numerator, denominator] = part.split("/").map(Number);
      if (denominator === 0) return null;
      total += numerator / denominator;
    } else {
      total += Number(part);
    }
  }
  return total;
}

/** The quantity a line starts with (after plainFractions), or undefined when it starts with none. */
export function leadingQuantity(line: string): LeadingQuantity | undefined {
  const range = rangePattern.exec(line);
  if (range) {
    const [lower, upper] = [valueOf(range[1]), valueOf(range[2])];
    const rises = lower !== null && upper !== null && lower < upper;
    const value = rises ? Math.round(upper * 1000) / 1000 : null;
    return {
      value,
      text: range[0].trim(),
      range: true,
      rounded: rises && value !== upper,
      rest: line.slice(range[0].length),
    };
  }
  const match = singlePattern.exec(line);
  if (!match) return undefined;
  const exact = valueOf(match[1]);
  const value = exact === null ? null : Math.round(exact * 1000) / 1000;
  return {
    value: value === 0 ? null : value,
    text: match[1],
    range: false,
    rounded: exact !== null && value !== exact,
    rest: line.slice(match[0].length),
  };
}
