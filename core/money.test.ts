import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { centsToDollars, formatMoney, roundCents, toCents, typedDollarsToCents } from "./money";

describe("toCents", () => {
  it("converts dollar numbers", () => {
    expect(toCents(12.5)).toBe(1250);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0)).toBe(0);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });

  it("rounds half a cent the way a person would, despite binary floats", () => {
    // 1.005 * 100 is 100.49999999999999 in floating point.
    expect(toCents(1.005)).toBe(101);
    expect(toCents("1.005")).toBe(101);
    expect(toCents(2.675)).toBe(268);
    expect(toCents(1.004)).toBe(100);
    expect(toCents(-1.005)).toBe(-101);
  });

  it("parses numeric strings such as a bundle price", () => {
    expect(toCents("12.50")).toBe(1250);
    expect(toCents(" 7 ")).toBe(700);
    expect(toCents("0.5")).toBe(50);
    expect(toCents(".5")).toBe(50);
    expect(toCents("3.")).toBe(300);
    expect(toCents("-2.25")).toBe(-225);
  });

  it("refuses anything that is not a decimal amount", () => {
    for (const bad of ["", "  ", "abc", "12,50", "0x10", "1e3", "Infinity", "$5", "1.2.3"]) {
      expect(() => toCents(bad), bad).toThrow(RangeError);
    }
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toCents(1e300)).toThrow(RangeError);
  });

  it("never returns negative zero", () => {
    expect(Object.is(toCents(-0.001), 0)).toBe(true);
    expect(Object.is(roundCents(-0.4), 0)).toBe(true);
  });
});

describe("formatMoney", () => {
  it("shows the symbol and two decimals", () => {
    expect(formatMoney(1250)).toBe("$12.50");
    expect(formatMoney(5)).toBe("$0.05");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(2000)).toBe("$20.00");
    expect(formatMoney(123456)).toBe("$1234.56");
  });

  it("puts the sign before the symbol", () => {
    expect(formatMoney(-500)).toBe("-$5.00");
    expect(formatMoney(-1)).toBe("-$0.01");
  });

  it("takes another currency symbol", () => {
    expect(formatMoney(300, "€")).toBe("€3.00");
  });

  it("refuses fractional cents, the sign of a dollar amount passed by mistake", () => {
    expect(() => formatMoney(12.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
  });
});

describe("centsToDollars", () => {
  it("divides by 100", () => {
    expect(centsToDollars(1250)).toBe(12.5);
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(0)).toBe(0);
  });
});

describe("round trips", () => {
  const cents = fc.integer({ min: -1_000_000_000_00, max: 1_000_000_000_00 });

  it("toCents(centsToDollars(c)) is c", () => {
    fc.assert(fc.property(cents, (c) => toCents(centsToDollars(c)) === c));
  });

  it("toCents reads back what formatMoney wrote", () => {
    fc.assert(fc.property(cents, (c) => toCents(formatMoney(c, "")) === c));
  });
});

describe("typedDollarsToCents", () => {
  it("reads dollars as staff type them, blank as null and anything else as NaN", () => {
    expect(["12", "12.50", "$12.50", " $ 12.5 ", "0"].map(typedDollarsToCents)).toEqual([1200, 1250, 1250, 1250, 0]);
    expect(["", "  ", undefined].map(typedDollarsToCents)).toEqual([null, null, null]);
    expect(["twelve", "12,50", "1.2.3", "-"].map(typedDollarsToCents)).toEqual([NaN, NaN, NaN, NaN]);
  });
});
