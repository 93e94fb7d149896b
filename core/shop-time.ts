/**
 * The shop's own time zone (decision 0061): every moment is stored as a UTC instant; only what the owner reads is
 * local. This module gives the ranges, with @date-fns/tz, whose TZDate does calendar arithmetic in a named zone, so
 * a day across a daylight-saving change is 23 or 25 hours long as it really is; the formatting is core/shop-dates.ts's
 * (Intl alone, light enough for the browser), given here too so the server imports one module, beside the CSVs' moments.
 * A range is [start, end): start included, end excluded, both UTC instants to compare stored times with.
 */
import { TZDate, tzOffset } from "@date-fns/tz";
import { addDays, addMonths, addWeeks, startOfDay, startOfMonth, startOfWeek } from "date-fns";

export * from "./shop-dates";

export type TimeRange = { start: Date; end: Date };

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

/** The `days` shop days that begin with today's: 'the next 14 days' counts today and the thirteen after it. */
export function nextDaysRange(days: number, timeZone: string, now = new Date()): TimeRange {
  const today = startOfDay(zoned(now, timeZone));
  return rangeOf(today, addDays(today, days));
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

const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value));

/** The clock of `instant` shifted by `offsetMinutes`, as a spreadsheet reads it: '2026-11-28 18:17:44'. */
function clockText(instant: Date, offsetMinutes: number): string {
  const local = new Date(instant.getTime() + offsetMinutes * 60_000);
  return `${local.getUTCFullYear()}-${twoDigits(local.getUTCMonth() + 1)}-${twoDigits(local.getUTCDate())} ${twoDigits(local.getUTCHours())}:${twoDigits(local.getUTCMinutes())}:${twoDigits(local.getUTCSeconds())}`;
}

/**
 * A moment to the second in the shop's zone, as a spreadsheet reads it: '2026-11-28 18:17:44'. The zone's offset at
 * that moment is one Intl call (@date-fns/tz), then the shifted clock's fields cost a fifth of Intl's parts of the
 * date. @date-fns/tz 1.5 gives an offset west of UTC by less than an hour the wrong sign (date-fns pull request
 * 4279): Monrovia before 1972 alone, no zone of today.
 */
export function shopDateTime(at: Date | string, timeZone: string): string {
  const instant = new Date(at);
  return clockText(instant, tzOffset(timeZone, instant));
}

const HOUR = 3_600_000;

/**
 * shopDateTime for the many moments of a file (a month's orders CSV writes tens of thousands), with the same text:
 * the zone's offset is looked up once per hour of UTC, at its first and last millisecond, not once per moment (a
 * fifth of the time). Where the two agree the offset holds all through the hour (a zone changes it at most once in an
 * hour); where they differ, that hour's moments are looked up one by one. One file's hours are few enough to keep.
 */
export function shopDateTimes(timeZone: string): (at: Date | string) => string {
  const offsets = new Map<number, number | null>();
  const offsetThrough = (hour: number) => {
    const first = tzOffset(timeZone, new Date(hour * HOUR));
    return first === tzOffset(timeZone, new Date(hour * HOUR + HOUR - 1)) ? first : null;
  };
  return (at) => {
    const instant = new Date(at);
    const hour = Math.floor(instant.getTime() / HOUR);
    let offset = offsets.get(hour);
    if (offset === undefined) offsets.set(hour, (offset = offsetThrough(hour)));
    return clockText(instant, offset ?? tzOffset(timeZone, instant));
  };
}
