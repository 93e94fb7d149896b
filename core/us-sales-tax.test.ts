import { describe, expect, it } from "vitest";
import { chosenStates, US_STATE_BASE_RATES } from "./us-sales-tax";

describe("the states' base sales tax rates", () => {
  it("holds the 50 states and DC once each, in whole basis points under 10 %", () => {
    expect(US_STATE_BASE_RATES).toHaveLength(51);
    expect(new Set(US_STATE_BASE_RATES.map((state) => state.region)).size).toBe(51);
    for (const state of US_STATE_BASE_RATES) {
      expect(Number.isInteger(state.basisPoints)).toBe(true);
      expect(state.basisPoints).toBeLessThan(1000);
    }
    const rate = (region: string) => US_STATE_BASE_RATES.find((state) => state.region === region)!;
    expect(rate("CA").basisPoints).toBe(725);
    expect(rate("VA")).toMatchObject({ name: "Virginia", basisPoints: 530 });
    for (const region of ["AK", "DE", "MT", "NH", "OR"]) expect(rate(region).basisPoints).toBe(0);
    expect(US_STATE_BASE_RATES.filter((state) => state.taxesShipping).length).toBeGreaterThanOrEqual(3);
  });

  it("reads the chosen states once each, in the table's order, leaving out what names no state", () => {
    expect(chosenStates(["va", "CA", "XX", "VA", " md "]).map((state) => state.region)).toEqual(["CA", "MD", "VA"]);
    expect(chosenStates([])).toEqual([]);
  });
});
