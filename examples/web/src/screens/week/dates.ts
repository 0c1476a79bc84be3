// Calendar days as the API has them (YYYY-MM-DD), counted in UTC so that no time zone shifts a day.
import { type Weekday, weekdays } from "@meal-planner/client/tools-client.generated.ts";

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

function parseDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

export function isDay(text: string | undefined): text is string {
  return !!text && dayPattern.test(text) && !Number.isNaN(parseDay(text).getTime());
}

/** Today in the person's own time zone. */
export function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function addDays(day: string, count: number): string {
  const date = parseDay(day);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

export function mondayOf(day: string): string {
  const weekdayIndex = (parseDay(day).getUTCDay() + 6) % 7;
  return addDays(day, -weekdayIndex);
}

export function weekdayOf(day: string): Weekday {
  return weekdays[(parseDay(day).getUTCDay() + 6) % 7];
}

const longDay = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "short", timeZone: "UTC" });
const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const shortDay = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});

/** "Tuesday 24 Nov" */
export const formatDay = (day: string) => longDay.format(parseDay(day)).replace(",", "");
/** "24 November 2026" */
export const formatDate = (day: string) => longDate.format(parseDay(day));
/** "Tue 24 Nov" */
export const formatShortDay = (day: string) => shortDay.format(parseDay(day)).replace(",", "");

export const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
