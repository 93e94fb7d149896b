import { describe, expect, it } from "vitest";
import { auditChangeRows, auditFieldLabel, auditValue } from "./audit-words";

describe("the audit trail in staff's words", () => {
  it("labels fields by their words, without the unit the name carries", () => {
    expect(auditFieldLabel("refunded_cents")).toBe("Refunded");
    expect(auditFieldLabel("compare_at_price_cents")).toBe("Compare at price");
    expect(auditFieldLabel("customer_id")).toBe("Customer ID");
    expect(auditFieldLabel("description_html")).toBe("Description");
    expect(auditFieldLabel("taxRateBasisPoints")).toBe("Tax rate");
    expect(auditFieldLabel("status")).toBe("Status");
  });

  it("says money in dollars, rates in percent, moments in the shop's zone and records in words, never JSON", () => {
    expect(auditValue("refunded_cents", 500, "UTC")).toBe("$5.00");
    expect(auditValue("rate_basis_points", 725, "UTC")).toBe("7.25%");
    expect(auditValue("is_standalone", true, "UTC")).toBe("Yes");
    expect(auditValue("paid_at", "2026-11-29T04:30:00.000Z", "America/New_York")).toBe("2026-11-28 23:30 EST");
    expect(auditValue("note", null, "UTC")).toBe("—");
    const variants = [
      { sku: "TEE-S", price_cents: 2400, option_values: ["S", "Red"], compare_at_price_cents: null },
      { sku: "TEE-M", price_cents: 2650, option_values: ["M", "Red"], compare_at_price_cents: null },
    ];
    const said = auditValue("variants", variants, "UTC");
    expect(said).toBe("(SKU TEE-S, Price $24.00, Option values S, Red), (SKU TEE-M, Price $26.50, Option values M, Red)");
    expect(said).not.toMatch(/[{}"]/);
  });

  it("lists an event's changes with their labels and both sides", () => {
    expect(auditChangeRows({ refunded_cents: { before: 0, after: 500 } }, "UTC")).toEqual([{ label: "Refunded", before: "$0.00", after: "$5.00" }]);
  });
});
