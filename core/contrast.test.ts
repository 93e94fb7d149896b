import { describe, expect, it } from "vitest";
import { contrastProblem, contrastRatio, formatContrast, parseHexColour } from "./contrast";

describe("contrastRatio", () => {
  it("measures black on white as 21:1 and a colour on itself as 1:1", () => {
    expect(contrastRatio("#000000", "#FFFFFF")).toBeCloseTo(21, 5);
    expect(contrastRatio("#fff", "#000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#1D4E47", "#1d4e47")).toBeCloseTo(1, 5);
  });

  it("agrees with WCAG's published grey thresholds", () => {
    // #767676 is the lightest grey that passes AA on white; #777777 fails it.
    expect(contrastRatio("#767676", "#FFFFFF")).toBeGreaterThan(4.5);
    expect(contrastRatio("#777777", "#FFFFFF")).toBeLessThan(4.5);
  });

  it("paints translucent text over its background and a translucent background over white", () => {
    expect(contrastRatio("#00000000", "#FFFFFF")).toBeCloseTo(1, 5);
    expect(contrastRatio("#000000", "#00000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#0000", "#abc")).toBeCloseTo(1, 5);
  });

  it("is null for what is not a hex colour", () => {
    expect(contrastRatio("#12345", "#FFFFFF")).toBeNull();
    expect(contrastRatio("red", "#FFFFFF")).toBeNull();
    expect(parseHexColour("#abc")).toEqual({ r: 170, g: 187, b: 204, a: 1 });
  });
});

describe("formatContrast", () => {
  it("rounds down, so a pair just under the minimum never reads as meeting it", () => {
    expect(formatContrast(4.4999)).toBe("4.4:1");
    expect(formatContrast(21)).toBe("21.0:1");
    expect(formatContrast(2.04)).toBe("2.0:1");
  });
});

describe("contrastProblem", () => {
  it("names the measured ratio and the minimum for a pair below 4.5:1", () => {
    expect(contrastProblem("#949494", "#FFFFFF", "the callout's text")).toBe(
      "Contrast 3.0:1 is below 4.5:1 for the callout's text; choose a darker or lighter colour",
    );
  });
  it("passes a readable pair and refuses what is not a colour", () => {
    expect(contrastProblem("#FFFFFF", "#7A4A26", "the callout's text")).toBeNull();
    expect(contrastProblem("#1234567", "#FFFFFF", "text")).toBe("must be a hex colour such as #1f2937");
  });
});
