// Calendar days as people say them, from the API's YYYY-MM-DD: "Fri 27 Nov", "Mon 23 – Sun 29 Nov", "today".
// Plain TypeScript (no Deno or DOM API); English month and day names in the en-GB order (day before month), the same
// in every browser, whatever its locale. Days are calendar days: no time zone can shift them.
//
// The rules:
// - A day is "Fri 27 Nov"; the year is added only when it is not the year of today ("Thu 31 Dec 2026" seen in 2027).
// - A range is "Mon 23 – Sun 29 Nov": the month is said once when both ends share it, else at each end
//   ("Mon 30 Nov – Sun 6 Dec"); a year not this one once at the end when both ends share it ("Fri 8 – Fri 22 Mar
//   2030"), at each end when they do not ("Mon 28 Dec 2026 – Sun 3 Jan 2027").
// - Under a heading that says the year already, a day may leave it out (year: false), and a day's own heading may
//   name the weekday in full (long: "Wednesday 6 Mar").
// - relativeDay says "today", "tomorrow" or "yesterday" when it is one of those, else the day.
// Every function takes today (YYYY-MM-DD) to compare with, the person's own today by default (localToday).

const weekdayShort = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const weekdayLong = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const monthShort = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

interface Parsed {
  year: number;
  month: number;
  date: number;
  weekday: number;
  time: number;
}

function parse(day: string): Parsed | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return undefined;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const value = new Date(time);
  if (Number.isNaN(time) || value.getUTCDate() !== Number(match[3])) return undefined;
  return {
    year: value.getUTCFullYear(),
    month: value.getUTCMonth(),
    date: value.getUTCDate(),
    weekday: value.getUTCDay(),
    time,
  };
}

/** Today in the person's own time zone, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const yearOf = (day: string) => Number(day.slice(0, 4));

function dayText(parsed: Parsed, month: boolean, year: boolean, long = false): string {
  return [
    (long ? weekdayLong : weekdayShort)[parsed.weekday],
    String(parsed.date),
    month ? monthShort[parsed.month] : "",
    year ? parsed.year : "",
  ]
    .filter(Boolean).join(" ");
}

export interface DayOptions {
  /** YYYY-MM-DD; the person's own today when not given. */
  today?: string;
  /** "Friday 27 Nov" rather than "Fri 27 Nov" (a day's heading). */
  long?: boolean;
  /** False where the year is said already (the days under a week's heading). */
  year?: boolean;
}

/** "Fri 27 Nov", "Thu 31 Dec 2026" when today is in another year; a text that is no day is returned as it is. */
export function formatDay(day: string, { today = localToday(), long = false, year = true }: DayOptions = {}): string {
  const parsed = parse(day);
  return parsed ? dayText(parsed, true, year && parsed.year !== yearOf(today), long) : day;
}

/** "Mon 23 – Sun 29 Nov", "Mon 30 Nov – Sun 6 Dec", "Fri 8 – Fri 22 Mar 2030", "Mon 28 Dec 2026 – Sun 3 Jan 2027". */
export function formatDayRange(start: string, end: string, today = localToday()): string {
  const [first, last] = [parse(start), parse(end)];
  if (!first || !last) return `${formatDay(start, { today })} – ${formatDay(end, { today })}`;
  if (first.time === last.time) return formatDay(start, { today });
  const sameYear = first.year === last.year;
  const sameMonth = sameYear && first.month === last.month;
  const years = first.year !== yearOf(today) || last.year !== yearOf(today);
  return `${dayText(first, !sameMonth, years && !sameYear)} – ${dayText(last, true, years)}`;
}

/** "today", "tomorrow", "yesterday", else formatDay's words. */
export function relativeDay(day: string, today = localToday()): string {
  const [parsed, now] = [parse(day), parse(today)];
  if (parsed && now) {
    const days = Math.round((parsed.time - now.time) / 86_400_000);
    if (days === 0) return "today";
    if (days === 1) return "tomorrow";
    if (days === -1) return "yesterday";
  }
  return formatDay(day, { today });
}

/** A moment (an ISO timestamp) as the person's day and time: "Fri 27 Nov, 14:05"; "today, 14:05" when it is today. */
export function formatMoment(timestamp: string, now = new Date()): string {
  const moment = new Date(timestamp);
  if (Number.isNaN(moment.getTime())) return timestamp;
  const pad = (value: number) => String(value).padStart(2, "0");
  const time = `${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
  return `${relativeDay(localToday(moment), localToday(now))}, ${time}`;
}
