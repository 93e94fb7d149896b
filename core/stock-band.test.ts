import { describe, expect, it } from "vitest";
import { LOW_STOCK_THRESHOLD, stockBand, stockLabel } from "./stock-band";

describe("stockLabel", () => {
  it("says out of stock at none, names the count up to the threshold and says in stock above it", () => {
    expect(stockLabel(0)).toBe("Out of stock");
    expect(stockLabel(-1)).toBe("Out of stock");
    expect(stockLabel(1)).toBe("Only 1 left in stock");
    expect(stockLabel(LOW_STOCK_THRESHOLD)).toBe(`Only ${LOW_STOCK_THRESHOLD} left in stock`);
    expect(stockLabel(LOW_STOCK_THRESHOLD + 1)).toBe("In stock");
    expect(stockLabel(500)).toBe("In stock");
  });

  it("gives one label per band, so the band alone decides what a page shows", () => {
    for (let a = -2; a <= LOW_STOCK_THRESHOLD + 10; a++) {
      for (let b = -2; b <= LOW_STOCK_THRESHOLD + 10; b++) {
        expect(stockLabel(a) === stockLabel(b)).toBe(stockBand(a) === stockBand(b));
      }
    }
  });
});
