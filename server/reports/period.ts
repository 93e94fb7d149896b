/**
 * A report's days (decision 0064): the shop's days from `from` to `to`, both included (this month so far unless
 * chosen), cut into days, weeks (Monday to Sunday, as core/shop-time.ts counts them) or months, and the period of
 * as many days just before, cut the same way. Days are calendar names ('2026-11-01'); each becomes an instant at the
 * start of that day in the shop's time zone only here, so a period across a daylight-saving change is as long as
 * the shop's clocks say.
 */
import type { ReportGrouping } from "../../core/reports";
import { dayRange, shopDate, thisMonthRange } from "../../core/shop-time";
import { badInput } from "../../core/errors";

/** Day grouping draws a bar a day: more than a year of them is unreadable, and the form says to choose weeks. */
const MAX_DAY_PERIODS = 366;
const MAX_DAYS = 5 * 366;

const DAY_MS = 86_400_000;
const utcOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => dayOf(utcOf(day) + days * DAY_MS);
const daysBetween = (from: string, to: string) => Math.round((utcOf(to) - utcOf(from)) / DAY_MS);

/** The first day of the period `day` falls in. */
function periodStart(day: string, group: ReportGrouping): string {
  if (group === "day") return day;
  if (group === "month") return `${day.slice(0, 7)}-01`;
  return addDays(day, -((new Date(utcOf(day)).getUTCDay() + 6) % 7));
}

function nextPeriod(start: string, group: ReportGrouping): string {
  if (group === "day") return addDays(start, 1);
  if (group === "week") return addDays(start, 7);
  const [year, month] = start.split("-").map(Number);
  return dayOf(Date.UTC(year, month, 1));
}

export type Periods = {
  from: string;
  to: string;
  /** Each period's first day within the range (the first is `from` itself, however the grouping cuts). */
  days: string[];
  starts: Date[];
  end: Date;
};

function periodsOf(from: string, to: string, group: ReportGrouping, timeZone: string): Periods {
  const days = [from];
  for (let next = nextPeriod(periodStart(from, group), group); next <= to; next = nextPeriod(next, group)) days.push(next);
  return { from, to, days, starts: days.map((day) => dayRange(day, timeZone).start), end: dayRange(to, timeZone).end };
}

/** Which of the periods a shop day of the range falls in: 0 for the first. */
export function periodIndexOf(periods: Periods, day: string): number {
  let index = 0;
  while (index + 1 < periods.days.length && periods.days[index + 1] <= day) index++;
  return index;
}

export type ReportPeriod = { group: ReportGrouping; timeZone: string; current: Periods; previous: Periods };

export function reportPeriod(query: { from?: string; to?: string; group?: ReportGrouping }, timeZone: string, now = new Date()): ReportPeriod {
  const to = query.to ?? shopDate(now, timeZone);
  const from = query.from ?? shopDate(thisMonthRange(timeZone, dayRange(to, timeZone).start).start, timeZone);
  if (from > to) throw badInput("from must be on or before to", "from");
  const length = daysBetween(from, to) + 1;
  if (length > MAX_DAYS) throw badInput("Choose at most five years", "from");
  const group = query.group ?? (length <= 31 ? "day" : length <= 190 ? "week" : "month");
  if (group === "day" && length > MAX_DAY_PERIODS) throw badInput("Group more than a year by week or month", "group");
  const previousTo = addDays(from, -1);
  return {
    group,
    timeZone,
    current: periodsOf(from, to, group, timeZone),
    previous: periodsOf(addDays(previousTo, 1 - length), previousTo, group, timeZone),
  };
}

/** How a period is named in a table and on the chart: its first day, the week's Monday, or the month. */
export function periodLabel(day: string, group: ReportGrouping): string {
  if (group === "month") return day.slice(0, 7);
  if (group === "week") return `Week of ${day}`;
  return day;
}
