import { describe, expect, it } from "vitest";
import { documentFilename, documentNumber, invoiceLineText, invoiceTotals, percentOf, sellerOf, taxLines, type InvoiceFigures } from "./invoices";

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
  const line = (lineTotalCents: number, taxRateBasisPoints: number | null, discountCents = 0) => ({ lineTotalCents, discountCents, taxRateBasisPoints });
  const order = { region: "CA", shippingCents: 1499, shippingTaxRateBasisPoints: 400, taxCents: 252, lines: [line(4800, 400)] };

  it("names each rate the lines and shipping kept, with the tax it gave", () => {
    expect(percentOf(725)).toBe("7.25%");
    expect(percentOf(400)).toBe("4%");
    expect(taxLines(order)).toEqual([{ label: "Tax CA 4% (goods and shipping)", cents: 252 }]);
    expect(taxLines({ ...order, shippingTaxRateBasisPoints: null, taxCents: 192 })).toEqual([{ label: "Tax CA 4%", cents: 192 }]);
  });

  it("gives a line per rate, leaving out an exempt line's, after each line's discount", () => {
    // 6 % of 4000 − 400 and of the shipping is 276; 1 % of 3000 − 300 is 27; the exempt line charges nothing.
    const virginia = {
      region: "VA",
      shippingCents: 1000,
      shippingTaxRateBasisPoints: 600,
      taxCents: 303,
      lines: [line(4000, 600, 400), line(3000, 100, 300), line(1000, 0, 100)],
    };
    expect(taxLines(virginia)).toEqual([
      { label: "Tax VA 6% (goods and shipping)", cents: 276 },
      { label: "Tax VA 1%", cents: 27 },
    ]);
    const rates = new Set(virginia.lines.map((kept) => kept.taxRateBasisPoints));
    expect(invoiceLineText("House Blend", 100, rates)).toBe("House Blend (tax 1%)");
    expect(invoiceLineText("House Blend", 725, new Set([725]))).toBe("House Blend");
  });

  it("keeps the tax as charged, unnamed, when the kept rates do not give it (an order from before they were kept)", () => {
    expect(taxLines({ ...order, lines: [line(4800, null)], shippingTaxRateBasisPoints: null })).toEqual([{ label: "Tax", cents: 252 }]);
    expect(taxLines({ ...order, taxCents: 0, lines: [line(4800, null)], shippingTaxRateBasisPoints: null })).toEqual([{ label: "Tax", cents: 0 }]);
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
