/**
 * The shop's dates as the owner reads them (decision 0061): a stored UTC instant printed in the shop's time zone,
 * with Intl alone, so a screen that prints a date carries no date library to the browser. The ranges of days, weeks
 * and months, and the server's moments to the second (the CSVs), are core/shop-time.ts's.
 */

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

type Parts = Record<"year" | "month" | "day" | "hour" | "minute" | "second" | "timeZoneName", string>;
// Intl builds a formatter slowly; a page of orders formats the same zone many times.
const formatters = new Map<string, Intl.DateTimeFormat>();
function partsOf(at: Date | string, withTime: boolean, timeZone: string): Parts {
  const key = `${withTime} ${timeZone}`;
  const time = { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23", timeZoneName: "short" } as const;
  const format = formatters.get(key) ?? new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", ...(withTime ? time : {}) });
  formatters.set(key, format);
  return Object.fromEntries(format.formatToParts(new Date(at)).map((part) => [part.type, part.value])) as Parts;
}

/** The shop's calendar day of a moment, as a spreadsheet and the date filters write it: '2026-11-28'. */
export function shopDate(at: Date | string, timeZone: string): string {
  const { year, month, day } = partsOf(at, false, timeZone);
  return `${year}-${month}-${day}`;
}

/** A moment to the minute for staff, with the zone's short name so it is never mistaken: '2026-11-28 18:17 EST'. */
export function shopMoment(at: Date | string, timeZone: string): string {
  const { year, month, day, hour, minute, timeZoneName } = partsOf(at, true, timeZone);
  return `${year}-${month}-${day} ${hour}:${minute} ${timeZoneName}`;
}

const longDates = new Map<string, Intl.DateTimeFormat>();
/** A day in words, for emails and documents: 'November 28, 2026'. */
export function shopLongDate(at: Date | string, timeZone: string): string {
  let made = longDates.get(timeZone);
  if (!made) longDates.set(timeZone, (made = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "long", day: "numeric" })));
  return made.format(new Date(at));
}
