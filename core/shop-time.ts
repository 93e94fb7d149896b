/**
 * The shop's own time zone (decision 0061): every moment is stored as a UTC instant; only what the owner reads is
 * local. Formatting uses Intl alone, so a screen that prints a date carries no date library to the browser; the
 * day, week and month ranges use @date-fns/tz, whose TZDate does calendar arithmetic in a named zone, so a day
 * across a daylight-saving change is 23 or 25 hours long as it really is.
 * A range is [start, end): start included, end excluded, both UTC instants to compare stored times with.
 */
import { TZDate } from "@date-fns/tz";
import { addDays, addMonths, addWeeks, startOfDay, startOfMonth, startOfWeek } from "date-fns";

export type TimeRange = { start: Date; end: Date };

/** The zone the server runs in: a new shop's default, and the zone of a shop that has never chosen one. */
export const serverTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Whether Intl knows the name as a time zone ('America/New_York', 'UTC'); an offset such as '+05:00' is refused. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z]/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Every zone this runtime knows, for the owner's choice; UTC first, since Intl's list leaves it out. */
export function timeZoneNames(): string[] {
  const names = Intl.supportedValuesOf("timeZone");
  return names.includes("UTC") ? names : ["UTC", ...names];
}

// Intl builds a formatter slowly; a page of orders formats the same zone many times.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: "date" | "dateTime", timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      ...(kind === "dateTime" ? { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23", timeZoneName: "short" } : {}),
    });
    formatters.set(key, made);
  }
  return made;
}

type Parts = Record<"year" | "month" | "day" | "hour" | "minute" | "second" | "timeZoneName", string>;
function partsOf(at: Date | string, kind: "date" | "dateTime", timeZone: string): Parts {
  const parts = {} as Parts;
  for (const part of formatter(kind, timeZone).formatToParts(new Date(at))) parts[part.type as keyof Parts] = part.value;
  return parts;
}

/** The shop's calendar day of a moment, as a spreadsheet and the date filters write it: '2026-11-28'. */
export function shopDate(at: Date | string, timeZone: string): string {
  const { year, month, day } = partsOf(at, "date", timeZone);
  return `${year}-${month}-${day}`;
}

/** A moment to the second in the shop's zone, as a spreadsheet reads it: '2026-11-28 18:17:44'. */
export function shopDateTime(at: Date | string, timeZone: string): string {
  const { year, month, day, hour, minute, second } = partsOf(at, "dateTime", timeZone);
  return `${year}-${month}-${day} ${hour}:${minute}:${second}`;
}

/** A moment to the minute for staff, with the zone's short name so it is never mistaken: '2026-11-28 18:17 EST'. */
export function shopMoment(at: Date | string, timeZone: string): string {
  const { year, month, day, hour, minute, timeZoneName } = partsOf(at, "dateTime", timeZone);
  return `${year}-${month}-${day} ${hour}:${minute} ${timeZoneName}`;
}

const longDates = new Map<string, Intl.DateTimeFormat>();
/** A day in words, for emails and documents: 'November 28, 2026'. */
export function shopLongDate(at: Date | string, timeZone: string): string {
  let made = longDates.get(timeZone);
  if (!made) longDates.set(timeZone, (made = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "long", day: "numeric" })));
  return made.format(new Date(at));
}

const rangeOf = (start: TZDate, end: TZDate): TimeRange => ({ start: new Date(start.getTime()), end: new Date(end.getTime()) });
const zoned = (at: Date, timeZone: string) => new TZDate(at.getTime(), timeZone);

/** The shop's calendar day named 'YYYY-MM-DD'. */
export function dayRange(day: string, timeZone: string): TimeRange {
  const [year, month, date] = day.split("-").map(Number);
  const start = new TZDate(year, month - 1, date, timeZone);
  return rangeOf(start, addDays(start, 1));
}

/** The shop's day that `now` falls in. */
export function todayRange(timeZone: string, now = new Date()): TimeRange {
  const start = startOfDay(zoned(now, timeZone));
  return rangeOf(start, addDays(start, 1));
}

/** The `days` shop days that end with today's: 'the last 7 days' counts today and the six before it. */
export function lastDaysRange(days: number, timeZone: string, now = new Date()): TimeRange {
  const today = startOfDay(zoned(now, timeZone));
  return rangeOf(addDays(today, 1 - days), addDays(today, 1));
}

/** The shop's week that `now` falls in, Monday to Sunday (ISO 8601, as PostgreSQL's date_trunc('week') counts). */
export function thisWeekRange(timeZone: string, now = new Date()): TimeRange {
  const start = startOfWeek(zoned(now, timeZone), { weekStartsOn: 1 });
  return rangeOf(start, addWeeks(start, 1));
}

/** The shop's calendar month (1 to 12) of a year. */
export function monthRange(year: number, month: number, timeZone: string): TimeRange {
  const start = new TZDate(year, month - 1, 1, timeZone);
  return rangeOf(start, addMonths(start, 1));
}

/** The shop's month that `now` falls in. */
export function thisMonthRange(timeZone: string, now = new Date()): TimeRange {
  const start = startOfMonth(zoned(now, timeZone));
  return rangeOf(start, addMonths(start, 1));
}
