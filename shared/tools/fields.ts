import * as z from "zod";
import { aisles, catalogUnits } from "../ingredient-grammar/generated/catalog-words.ts";

/**
 * The fixed units (design §5), in the order a person picks from. No conversion between them happens anywhere in the
 * tools. They are the catalog's units (supabase/schemas/data/units.csv), through its generated words.
 */
export const units = catalogUnits;

export const mealTypes = ["breakfast", "lunch", "dinner"] as const;

/** The grocery categories (aisles), in their default order: the catalog's aisles (public.grocery_categories). */
export const groceryCategories = aisles;

/** Days of the week by name, Monday first (ISO 1–7): how recurring meals name them. */
export const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

export const limits = {
  maxQuantity: 1_000_000,
  maxPlannerSpanDays: 92,
  maxRecipeLines: 200,
  maxPushLines: 500,
} as const;

// Any 8-4-4-4-12 hex string, as Postgres' uuid type accepts; z.uuid() would refuse version-less ids.
export function idField(description: string) {
  return z.guid({ error: "must be a UUID" }).describe(description);
}

/**
 * Trimmed text of 1..max characters; blank strings are refused, never guessed at. So is text Postgres cannot
 * store (a NUL) or that UTF-8 cannot carry (a lone UTF-16 surrogate, which would silently become U+FFFD).
 */
export function textField(max: number, description: string) {
  return z.string()
    .trim()
    .min(1, { error: "must not be blank" })
    .max(max)
    .refine((value) => !value.includes("\u0000"), { error: "must not contain a NUL character (\\u0000)" })
    .refine((value) => value.isWellFormed(), { error: "must be valid Unicode (it has a lone surrogate half)" })
    .describe(description);
}

// At most three decimals, read from the number as JSON writes it: 0.125 passes; 0.0001, 1e-7 and
// 0.30000000000000004 (0.1 + 0.2) do not. The database holds the same bound as a constraint.
const threeDecimals = /^\d+(\.\d{1,3})?$/;

// Digits grouped by hand: toLocaleString loads the ICU locale data on its first call, about 15 ms of every cold start.
const maxQuantityText = String(limits.maxQuantity).replace(/\B(?=(\d{3})+$)/g, ",");

export function quantityField(
  description = "Amount as a JSON number > 0, at most 1,000,000 and with at most 3 decimals, e.g. 1.5; never a string.",
) {
  // One message per bad quantity: each bound stops the checks after it (-1 is not also "more than 3 decimals"), and
  // the type's message is kept for a value that is not a number, not lent to the bounds.
  return z.number({
    error: (issue) =>
      issue.code === "invalid_type"
        ? 'must be a number (free-text quantities such as "a pinch" are refused)'
        : undefined,
  })
    .positive({ error: "must be greater than 0", abort: true })
    .max(limits.maxQuantity, { error: `must be at most ${maxQuantityText}`, abort: true })
    .refine((value) => threeDecimals.test(String(value)), { error: "must have at most 3 decimal places" })
    .describe(description);
}

export function unitField(description = `Unit, exactly one of: ${units.join(", ")}. Units are never converted.`) {
  return z.enum(units, { error: `must be one of: ${units.join(", ")}` }).describe(description);
}

export function prepStateField() {
  return textField(50, 'How the ingredient is prepared ("chopped", "diced"); null or absent for none.')
    .nullable()
    .optional()
    .describe('How the ingredient is prepared ("chopped", "diced"); null or absent for none.');
}

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of a YYYY-MM-DD string, or undefined when it is not a real calendar date. */
export function dayNumber(value: string): number | undefined {
  const match = isoDatePattern.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return undefined;
  }
  return time / 86_400_000;
}

/** A date range of the plan: end on or after start, at most limits.maxPlannerSpanDays later (refines start/end). */
export function checkPlannerSpan(input: { start_date: string; end_date: string }, context: z.RefinementCtx): void {
  const span = dayNumber(input.end_date)! - dayNumber(input.start_date)!;
  if (span < 0) {
    context.addIssue({ code: "custom", path: ["end_date"], message: "must be on or after start_date" });
  } else if (span > limits.maxPlannerSpanDays) {
    context.addIssue({
      code: "custom",
      path: ["end_date"],
      message: `must be at most ${limits.maxPlannerSpanDays} days after start_date`,
    });
  }
}

export function dateField(description: string) {
  return z.string()
    .max(10)
    .refine((value) => dayNumber(value) !== undefined, { error: "must be a real calendar date as YYYY-MM-DD" })
    .describe(description);
}

export function tagsField(description: string) {
  return z.array(textField(50, "A tag, 1–50 characters."))
    .max(30)
    .refine((tags) => new Set(tags).size === tags.length, { error: "must not repeat a tag" })
    .describe(description);
}

export function ratingField(description = "Rating, a whole number from 1 to 5.") {
  return z.number().int({ error: "must be a whole number" }).min(1).max(5).describe(description);
}

export function servingsField(description = "Number of servings, a whole number from 1 to 100.") {
  return z.number().int({ error: "must be a whole number" }).min(1).max(100).describe(description);
}

export const emptyInput = z.strictObject({});

/** The page fields every list-returning read takes: `limit`, and `cursor` (the previous page's next_cursor). */
export function pageFields(defaultLimit: number) {
  return {
    limit: z.number().int().min(1).max(100).default(defaultLimit)
      .describe(`Page size, 1–100; ${defaultLimit} when absent.`),
    cursor: textField(500, "The next_cursor of the previous page; absent for the first page.").optional(),
  };
}

/** A page's next_cursor: pass it back as `cursor` for the next page; null when this was the last. */
export const nextCursor = z.string().nullable();
