// Lines that name the ingredient before its amount, as many pages write them: "Rice – 2 cups", "Onion - 1 large,
// chopped", "Flour: 2 cups", "Sugar 100g", "Eggs x 3". Read as the same line with the amount first ("2 cups Rice"),
// so that the amount is the line's quantity rather than a remark in its note. Only when what follows the name is an
// amount and nothing else (a unit, a size or counting word, then the end, a comma or an aside): "Salt - to taste",
// "Serve with 2 cups rice" or "For the sauce: 2 tbsp butter" are left as written.
import { isMeasureWord } from "../ingredient-grammar/measure-words.ts";
import { leadingQuantity } from "../ingredient-grammar/quantity.ts";
import { unitOf } from "../ingredient-grammar/units.ts";
import { hedgeBeforeAmount } from "../ingredient-grammar/ingredient-line/words-before-name.ts";

// The name: letters first, no digit, at most 60 characters; then a dash, a colon or "x" between it and the amount.
const withSeparator = /^([\p{L}][^\d:–—]{0,60}?)\s*(?:\s[-–—]+|[–—]+|:)\s*(?=\d)(.+)$/u;
const timesCount = /^([\p{L}][^\d:–—]{0,60}?)\s+[x×]\s*(\d+)$/u;
// Without a separator, the amount must end the line and carry a unit: "Sugar 100g", "Butter 50 g".
// ("Honey ½ cup (169 grams)": an aside may follow it, and a remark after a comma: "Sugar 2/3 cup (133 grams), plus
// more for coating", "Unsalted butter 1 cup, or 2 sticks". "Milk ¼ to ½ cup": the amount may be a range.)
const amountLast =
  /^([\p{L}][^\d:–—(),]{0,60}?)\s+(\d[\d./\s]*(?:(?:-|–|to)\s*\d[\d./\s]*)?\s*[\p{L}.]+(?:\s*\([^()]*\))?(?:\s*,\s*\S.*)?)$/u;

// A size before the name ("Onion - 1 large"); a counting word ("3 cloves") is one measure-words knows.
const size = /^(?:small|medium|large|extra-large|big|whole|heaping|level)$/i;

/** The line with its amount first, when it names the ingredient first; undefined when it does not. */
export function amountFirst(line: string): string | undefined {
  if (leadingQuantity(line)) return undefined;
  const times = timesCount.exec(line);
  if (times) return `${times[2]} ${times[1].trim()}`;
  const separated = withSeparator.exec(line);
  if (separated) {
    const amount = amountOnly(separated[2]);
    if (amount) return `${amount.amount} ${separated[1].trim()}${amount.after}`;
  }
  const last = amountLast.exec(line);
  // ("About ½ cup (180g), crystallized honey", "A generous 2/3 cup, packed sugar": a hedge is no name.)
  if (last && !hedgeBeforeAmount.test(`${last[1].trim().replace(/^an?\s+/i, "")} 1`)) {
    const amount = amountOnly(last[2]);
    if (amount && amount.hasUnit && (!amount.after || /^[(,]/.test(amount.after.trim()))) {
      return `${amount.amount} ${last[1].trim()}${amount.after}`;
    }
  }
  return undefined;
}

/** An amount with its unit or size word, and what follows it when that is only a remark (", …" or "(…)"). */
function amountOnly(text: string): { amount: string; after: string; hasUnit: boolean } | undefined {
  const quantity = leadingQuantity(text);
  if (!quantity || quantity.value === null) return undefined;
  let rest = quantity.rest;
  const word = /^\s*([\p{L}]+\.?(?:\s+[\p{L}]+\.?)?)/u.exec(rest);
  let hasUnit = false;
  if (word) {
    const [first, second] = word[1].split(/\s+/);
    if (second !== undefined && unitOf(`${first} ${second}`)) {
      rest = rest.slice(word[0].length);
      hasUnit = true;
    } else if (unitOf(first)) {
      rest = rest.slice(rest.indexOf(first) + first.length);
      hasUnit = true;
    } else if (size.test(first) || isMeasureWord(first)) {
      rest = rest.slice(rest.indexOf(first) + first.length);
    }
  }
  const after = rest.trimEnd();
  if (after.trim() && !/^\s*[,(]/.test(after)) return undefined;
  return { amount: text.slice(0, text.length - rest.length).trim(), after: after.trim() ? after : "", hasUnit };
}
