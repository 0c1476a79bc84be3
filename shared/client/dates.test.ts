import assert from "node:assert/strict";
import { formatDay, formatDayRange, formatMoment, localToday, relativeDay } from "./dates.ts";

const today = "2026-11-28";

Deno.test("a day reads as weekday, date and month, the year only when it is not this year's", () => {
  const cases: [string, string][] = [
    ["2026-11-27", "Fri 27 Nov"],
    ["2026-11-23", "Mon 23 Nov"],
    ["2026-01-01", "Thu 1 Jan"],
    ["2026-12-31", "Thu 31 Dec"],
    ["2027-01-03", "Sun 3 Jan 2027"],
    ["2025-02-28", "Fri 28 Feb 2025"],
    ["2028-02-29", "Tue 29 Feb 2028"],
  ];
  for (const [day, expected] of cases) assert.equal(formatDay(day, { today }), expected, day);
});

Deno.test("a day's heading names the weekday in full, and leaves the year to a heading that says it", () => {
  assert.equal(formatDay("2030-03-06", { today, long: true, year: false }), "Wednesday 6 Mar");
  assert.equal(formatDay("2030-03-06", { today, long: true }), "Wednesday 6 Mar 2030");
  assert.equal(formatDay("2030-03-06", { today, year: false }), "Wed 6 Mar");
});

Deno.test("what is no day is shown as it is", () => {
  assert.equal(formatDay("soon", { today }), "soon");
  assert.equal(formatDay("2026-02-30", { today }), "2026-02-30");
});

Deno.test("a range says a shared month once, and years only when not this year", () => {
  assert.equal(formatDayRange("2026-11-23", "2026-11-29", today), "Mon 23 – Sun 29 Nov");
  assert.equal(formatDayRange("2026-11-30", "2026-12-06", today), "Mon 30 Nov – Sun 6 Dec");
  assert.equal(formatDayRange("2026-12-28", "2027-01-03", today), "Mon 28 Dec 2026 – Sun 3 Jan 2027");
  assert.equal(formatDayRange("2027-03-01", "2027-03-07", today), "Mon 1 – Sun 7 Mar 2027");
  assert.equal(formatDayRange("2030-03-08", "2030-04-05", today), "Fri 8 Mar – Fri 5 Apr 2030");
  assert.equal(formatDayRange("2026-11-27", "2026-11-27", today), "Fri 27 Nov");
});

Deno.test("today, tomorrow and yesterday by name, other days as days", () => {
  assert.equal(relativeDay("2026-11-28", today), "today");
  assert.equal(relativeDay("2026-11-29", today), "tomorrow");
  assert.equal(relativeDay("2026-11-27", today), "yesterday");
  assert.equal(relativeDay("2026-11-30", today), "Mon 30 Nov");
  assert.equal(relativeDay("2027-01-01", "2026-12-31"), "tomorrow");
  assert.equal(relativeDay("2026-03-30", "2026-03-29"), "tomorrow");
});

Deno.test("today is the person's own calendar day", () => {
  assert.equal(localToday(new Date(2026, 10, 28, 23, 59)), "2026-11-28");
  assert.equal(localToday(new Date(2026, 0, 5, 0, 1)), "2026-01-05");
});

Deno.test("a moment reads as its day and time", () => {
  const now = new Date(2026, 10, 28, 18, 0);
  assert.equal(formatMoment(new Date(2026, 10, 28, 14, 5).toISOString(), now), "today, 14:05");
  assert.equal(formatMoment(new Date(2026, 10, 27, 9, 30).toISOString(), now), "yesterday, 09:30");
  assert.equal(formatMoment(new Date(2026, 10, 20, 9, 30).toISOString(), now), "Fri 20 Nov, 09:30");
  assert.equal(formatMoment("not a time", now), "not a time");
});
