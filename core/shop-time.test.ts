import { describe, expect, it } from "vitest";
import {
  dayRange,
  isTimeZone,
  lastDaysRange,
  monthRange,
  nextDaysRange,
  shopDate,
  shopDateTime,
  shopDateTimes,
  shopLongDate,
  shopMoment,
  thisMonthRange,
  thisWeekRange,
  timeZoneNames,
  todayRange,
} from "./shop-time";

const NY = "America/New_York";
const at = (iso: string) => new Date(iso);
const hours = (range: { start: Date; end: Date }) => (range.end.getTime() - range.start.getTime()) / 3_600_000;

describe("the shop's time zone names", () => {
  it("knows IANA names and refuses others", () => {
    expect(isTimeZone(NY)).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Asia/Kolkata")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("+05:00")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(timeZoneNames()).toContain(NY);
    expect(timeZoneNames()[0]).toBe("UTC");
  });
});

describe("formatting a stored instant in the shop's zone", () => {
  it("prints New York's evening as that day, not UTC's next", () => {
    const paid = at("2026-11-29T04:30:00Z"); // 23:30 on the 28th in New York (EST, UTC-5)
    expect(shopDate(paid, NY)).toBe("2026-11-28");
    expect(shopDateTime(paid, NY)).toBe("2026-11-28 23:30:00");
    expect(shopMoment(paid, NY)).toBe("2026-11-28 23:30 EST");
    expect(shopLongDate(paid, NY)).toBe("November 28, 2026");
    expect(shopDate(paid, "UTC")).toBe("2026-11-29");
    expect(shopMoment(paid, "UTC")).toBe("2026-11-29 04:30 UTC");
  });

  it("prints summer time as EDT and midnight as 00", () => {
    expect(shopMoment(at("2026-07-01T04:00:00Z"), NY)).toBe("2026-07-01 00:00 EDT");
  });

  it("prints a zone east of UTC ahead of it", () => {
    expect(shopDateTime(at("2026-11-28T20:00:00Z"), "Asia/Tokyo")).toBe("2026-11-29 05:00:00");
    expect(shopDate(at("2026-11-28T18:29:00Z"), "Asia/Kolkata")).toBe("2026-11-28");
    expect(shopDate(at("2026-11-28T18:30:00Z"), "Asia/Kolkata")).toBe("2026-11-29");
  });

  it("prints to the second what Intl prints, either side of each clock change, in zones of quarter-hour offsets and half-hour summers", () => {
    for (const timeZone of [NY, "Australia/Lord_Howe", "Pacific/Chatham"]) {
      const format = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
      const intl = (instant: Date) => {
        const part = Object.fromEntries(format.formatToParts(instant).map(({ type, value }) => [type, value]));
        return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
      };
      // These zones change their clocks on the hour or half hour of UTC, in March to April and September to November:
      // a millisecond before each half hour of those months, and each.
      const months = [2, 3, 8, 9, 10].flatMap((month) => Array.from({ length: 31 * 48 }, (_, n) => Date.UTC(2026, month, 1) + n * 30 * 60_000));
      const instants = months.flatMap((t) => [new Date(t - 1), new Date(t)]);
      const differing = instants.filter((instant) => shopDateTime(instant, timeZone) !== intl(instant));
      expect(differing.map((instant) => `${instant.toISOString()} ${shopDateTime(instant, timeZone)} ${intl(instant)}`)).toEqual([]);
    }
  });

  it("prints a file's many moments as shopDateTime does, an hour's offset looked up once, where a clock changes within an hour of UTC too", () => {
    // Lord Howe changes by half an hour at 15:00 and 15:30 UTC; Chatham at 14:00; New York on the hour.
    for (const timeZone of [NY, "Australia/Lord_Howe", "Pacific/Chatham", "Asia/Kolkata", "UTC"]) {
      const format = shopDateTimes(timeZone);
      const minutes = [3, 9, 10].flatMap((month) => Array.from({ length: 31 * 24 * 4 }, (_, n) => Date.UTC(2026, month, 1) + n * 15 * 60_000));
      // Newest first, as the desk lists orders, and a second before each quarter hour.
      const instants = minutes.reverse().flatMap((t) => [new Date(t), new Date(t - 1_000)]);
      const differing = instants.filter((instant) => format(instant) !== shopDateTime(instant, timeZone));
      expect(differing.map((instant) => `${timeZone} ${instant.toISOString()} ${format(instant)} ${shopDateTime(instant, timeZone)}`)).toEqual([]);
      // Before 1970, in a zone's local mean time (New York's was 4:56:02 behind), and given as text.
      for (const moment of ["1969-12-31T23:59:59.999Z", "1883-11-18T16:59:59Z", "1883-11-18T17:00:00Z", "0999-06-01T12:00:00Z", "2026-07-04T16:05:09.999Z"]) {
        expect(format(moment)).toBe(shopDateTime(moment, timeZone));
        expect(format(new Date(moment))).toBe(shopDateTime(moment, timeZone));
      }
    }
  });
});

describe("ranges in the shop's zone", () => {
  it("gives a New York day in winter as 05:00 to 05:00 UTC", () => {
    const day = dayRange("2026-11-28", NY);
    expect(day.start.toISOString()).toBe("2026-11-28T05:00:00.000Z");
    expect(day.end.toISOString()).toBe("2026-11-29T05:00:00.000Z");
  });

  it("makes the March change's day 23 hours and the November change's 25", () => {
    const spring = dayRange("2026-03-08", NY);
    expect(spring.start.toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(spring.end.toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(hours(spring)).toBe(23);
    const fall = dayRange("2026-11-01", NY);
    expect(fall.start.toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(fall.end.toISOString()).toBe("2026-11-02T05:00:00.000Z");
    expect(hours(fall)).toBe(25);
  });

  it("finds today from any moment of it, across the change", () => {
    // 23:30 EST on 28 November is already the 29th in UTC.
    const today = todayRange(NY, at("2026-11-29T04:30:00Z"));
    expect(today).toEqual(dayRange("2026-11-28", NY));
    // 03:30 EDT, just after the clocks went forward on 8 March.
    expect(todayRange(NY, at("2026-03-08T07:30:00Z"))).toEqual(dayRange("2026-03-08", NY));
    // 01:30 the second time, after the clocks went back on 1 November.
    expect(todayRange(NY, at("2026-11-01T06:30:00Z"))).toEqual(dayRange("2026-11-01", NY));
  });

  it("counts the last 7 days as today and the six before, whole local days across the change", () => {
    const week = lastDaysRange(7, NY, at("2026-03-10T15:00:00Z"));
    expect(week.start.toISOString()).toBe("2026-03-04T05:00:00.000Z");
    expect(week.end.toISOString()).toBe("2026-03-11T04:00:00.000Z");
    expect(hours(week)).toBe(7 * 24 - 1);
  });

  it("counts the coming days from today's midnight, a day the clocks go back 25 hours long", () => {
    // Saturday 31 October 2026 in New York: today and the next two days take in Sunday's change back.
    const coming = nextDaysRange(3, NY, at("2026-10-31T15:00:00Z"));
    expect(coming.start.toISOString()).toBe("2026-10-31T04:00:00.000Z");
    expect(coming.end.toISOString()).toBe("2026-11-03T05:00:00.000Z");
    expect(hours(coming)).toBe(3 * 24 + 1);
  });

  it("starts the week on Monday", () => {
    // Wednesday 4 November 2026: the week starts Monday 2 November, the day after the change back.
    const week = thisWeekRange(NY, at("2026-11-04T12:00:00Z"));
    expect(week.start.toISOString()).toBe("2026-11-02T05:00:00.000Z");
    expect(week.end.toISOString()).toBe("2026-11-09T05:00:00.000Z");
    // The week of 8 March holds the change forward: Monday 2 March to Monday 9 March, 167 hours.
    const spring = thisWeekRange(NY, at("2026-03-08T12:00:00Z"));
    expect(spring.start.toISOString()).toBe("2026-03-02T05:00:00.000Z");
    expect(spring.end.toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(hours(spring)).toBe(167);
  });

  it("gives calendar months in local time, across the change", () => {
    const march = monthRange(2026, 3, NY);
    expect(march.start.toISOString()).toBe("2026-03-01T05:00:00.000Z");
    expect(march.end.toISOString()).toBe("2026-04-01T04:00:00.000Z");
    const november = monthRange(2026, 11, NY);
    expect(november.start.toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(november.end.toISOString()).toBe("2026-12-01T05:00:00.000Z");
    const december = monthRange(2026, 12, NY);
    expect(december.end.toISOString()).toBe("2027-01-01T05:00:00.000Z");
    // 23:30 on 30 November in New York is December in UTC but still November in the shop.
    expect(thisMonthRange(NY, at("2026-12-01T04:30:00Z"))).toEqual(november);
  });

  it("gives a zone east of UTC its days and months before UTC's", () => {
    const day = dayRange("2026-11-28", "Asia/Tokyo");
    expect(day.start.toISOString()).toBe("2026-11-27T15:00:00.000Z");
    expect(day.end.toISOString()).toBe("2026-11-28T15:00:00.000Z");
    expect(todayRange("Asia/Tokyo", at("2026-11-28T16:00:00Z"))).toEqual(dayRange("2026-11-29", "Asia/Tokyo"));
    // Berlin's summer time ends on 25 October 2026: its October is 31 days and one hour long.
    const october = monthRange(2026, 10, "Europe/Berlin");
    expect(october.start.toISOString()).toBe("2026-09-30T22:00:00.000Z");
    expect(october.end.toISOString()).toBe("2026-10-31T23:00:00.000Z");
    expect(hours(october)).toBe(31 * 24 + 1);
  });
});
