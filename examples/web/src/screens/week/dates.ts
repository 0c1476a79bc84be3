// Calendar days as the API has them (YYYY-MM-DD), counted in UTC so that no time zone shifts a day.
// Their words are the shared client's (dates.ts), as on the list and in the history.
import { type Weekday, weekdays } from "@meal-planner/client/tools-client.generated.ts";
import { formatDay as dayWords, localToday } from "@meal-planner/client/dates.ts";

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

function parseDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

export function isDay(text: string | undefined): text is string {
  return !!text && dayPattern.test(text) && !Number.isNaN(parseDay(text).getTime());
}

/** Today in the person's own time zone. */
export const today = (): string => localToday();

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

const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
/** "Tuesday 24 Nov": a day of the week shown, whose heading says the year. */
export const formatDay = (day: string) => dayWords(day, { long: true, year: false });
/** "24 November 2026" */
export const formatDate = (day: string) => longDate.format(parseDay(day));
/** "Tue 24 Nov", "Tue 24 Nov 2027" in another year. */
export const formatShortDay = (day: string) => dayWords(day);

export const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
