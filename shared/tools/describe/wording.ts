// The words describers share: counts that agree with their number (as private.counted words them in SQL:
// "1 line", "2 lines"), amounts ("1 l milk", "2 cups rice", "3 cans tomatoes") and days ("Tuesday 1 December").
import { amountParts, formatAmount, formatNumber } from "../../client/amounts.ts";
import type { Unit } from "../../client/tools-client.generated.ts";
import { catalogUnits } from "../../ingredient-grammar/generated/catalog-words.ts";

/** "1 item", "2 items": the count and the word that agrees with it. */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

// Amounts are the shared client's words (shared/client/amounts.ts), as the app shows them: "3 onions", "2 cloves
// garlic", "1 can tomatoes", "1¼ cups flour", "1.25 kg potatoes".
const isUnit = (unit: string): unit is Unit => (catalogUnits as readonly string[]).includes(unit);

/** The quantity and unit in words, with no name to count: "1 l", "2 cups", "1 can", "3" for 3 whole. */
export function quantityWords(quantity: number, unit: string): string {
  if (!isUnit(unit)) return `${formatNumber(quantity)} ${unit}`;
  return amountParts({ quantity, unit, name: "" }).measure;
}

/**
 * An amount of something as said: "1 l milk", "2 cups rice", "3 cans tomatoes", "2 onions", and "2 l of an
 * ingredient" when the name is not known.
 */
export function amountOf(quantity: number, unit: string, name: string): string {
  if (/^an? /.test(name) || !isUnit(unit)) return `${quantityWords(quantity, unit)} of ${name}`;
  return formatAmount({ quantity, unit, name });
}

const weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** A calendar day (YYYY-MM-DD) in words: "Tuesday 1 December". Anything else is returned as "a day". */
export function dayWords(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return "a day";
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return `${weekdayNames[day.getUTCDay()]} ${day.getUTCDate()} ${monthNames[day.getUTCMonth()]}`;
}

/** "dinner on Tuesday 1 December". */
export function slotWords(mealType: string, date: string): string {
  return `${mealType} on ${dayWords(date)}`;
}

/** A list of words: "a", "a and b", "a, b and c". */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** The sentence with its first letter in lower case, to follow "Undo: ". */
/** The first `shown` words listed, the rest counted: "a, b, c and 2 more". */
export function listFirstWords(words: readonly string[], shown: number): string {
  const rest = words.length - shown;
  return listWords(rest > 0 ? [...words.slice(0, shown), `${rest} more`] : words);
}

export function lowerFirst(sentence: string): string {
  return sentence.charAt(0).toLowerCase() + sentence.slice(1);
}
