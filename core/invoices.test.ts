import { describe, expect, it } from "vitest";
import { documentFilename, documentNumber, invoiceTotals, percentOf, sellerOf, taxLines, type InvoiceFigures } from "./invoices";

describe("invoice numbers", () => {
  it("read INV- and CN- with six digits, and grow past them", () => {
    expect(documentNumber("invoice", 123)).toBe("INV-000123");
    expect(documentNumber("credit_note", 7)).toBe("CN-000007");
    expect(documentNumber("invoice", 1234567)).toBe("INV-1234567");
    expect(documentFilename("credit_note", 7)).toBe("CN-000007.pdf");
  });
});

describe("the seller", () => {
  it("is the legal name, address lines and tax id the owner gave", () => {
    expect(sellerOf("Harbor Coffee", { legalName: " Harbor Roasting LLC ", address: "1 Dock St\r\n\n  Portland, OR 97201 ", taxId: " 12-3456789 " })).toEqual({
      name: "Harbor Roasting LLC",
      address: ["1 Dock St", "Portland, OR 97201"],
      taxId: "12-3456789",
    });
  });

  it("falls back to the shop's name, with no address or tax id, when none is set", () => {
    expect(sellerOf("Harbor Coffee", { legalName: "", address: "", taxId: "" })).toEqual({ name: "Harbor Coffee", address: [], taxId: null });
  });
});

describe("tax by rate", () => {
  const order = { subtotalCents: 4800, discountCents: 0, shippingCents: 1499, taxCents: 252 };

  it("names the rate that gives exactly the tax charged", () => {
    expect(percentOf(725)).toBe("7.25%");
    expect(percentOf(400)).toBe("4%");
    expect(taxLines(order, { region: "CA", rateBasisPoints: 400, taxesShipping: true })).toEqual([
      { label: "Tax CA 4% (goods and shipping)", cents: 252 },
    ]);
    expect(taxLines({ ...order, taxCents: 192 }, { region: "CA", rateBasisPoints: 400, taxesShipping: false })).toEqual([{ label: "Tax CA 4%", cents: 192 }]);
  });

  it("keeps the tax as charged, unnamed, when the rate was changed since or there is none", () => {
    expect(taxLines(order, { region: "CA", rateBasisPoints: 500, taxesShipping: true })).toEqual([{ label: "Tax", cents: 252 }]);
    expect(taxLines(order, null)).toEqual([{ label: "Tax", cents: 252 }]);
    expect(taxLines({ ...order, taxCents: 0 }, null)).toEqual([{ label: "Tax", cents: 0 }]);
  });
});

describe("an invoice's totals", () => {
  const figures: InvoiceFigures = {
    kind: "invoice",
    seller: { name: "S", address: [], taxId: null },
    buyer: { name: "B", email: "b@example.com", address: [] },
    orderNumber: 1001,
    lines: [{ text: "House Blend (Whole Bean, 12 oz)", quantity: 3, unitCents: 1600, totalCents: 4800 }],
    subtotalCents: 4800,
    discountCents: 480,
    discountCode: "TEN",
    shippingCents: 0,
    taxes: [{ label: "Tax CA 7.25%", cents: 313 }],
    totalCents: 4633,
  };

  it("list subtotal, the discount with its code, shipping, each tax and the total", () => {
    expect(invoiceTotals(figures)).toEqual([
      ["Subtotal", "$48.00"],
      ["Discount (TEN)", "-$4.80"],
      ["Shipping", "$0.00"],
      ["Tax CA 7.25%", "$3.13"],
      ["Total", "$46.33"],
    ]);
  });

  it("leave the discount out when there is none", () => {
    expect(invoiceTotals({ ...figures, discountCents: 0, discountCode: null }).map(([label]) => label)).toEqual(["Subtotal", "Shipping", "Tax CA 7.25%", "Total"]);
  });
});
