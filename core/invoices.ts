/**
 * Invoices and credit notes (decision 0055): their numbers, and the figures each keeps from the moment it is issued,
 * so the document reads the same every time it is downloaded, whatever changes later on the order or in the shop.
 */
import { formatMoney } from "./money";
import { taxByRate, taxedAmounts } from "./tax";

export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

const PREFIXES: Record<InvoiceKind, string> = { invoice: "INV", credit_note: "CN" };

/** 'INV-000123', 'CN-000007': each kind its own sequence. */
export function documentNumber(kind: InvoiceKind, number: number): string {
  return `${PREFIXES[kind]}-${String(number).padStart(6, "0")}`;
}

/** The file a document downloads as. */
export const documentFilename = (kind: InvoiceKind, number: number) => `${documentNumber(kind, number)}.pdf`;

/** Who issues the document: the shop's legal name, address and tax id (store settings), or its name alone. */
export type Seller = { name: string; address: string[]; taxId: string | null };
export type Buyer = { name: string; email: string; address: string[] };

export type InvoiceLine = { text: string; quantity: number; unitCents: number; totalCents: number };
export type TaxLine = { label: string; cents: number };

/**
 * The day the document was issued in the shop's time zone ('2026-11-28'), kept with its figures so a later change of
 * zone never redates it; a document issued before the shop had a zone (decision 0061) lacks it and prints its UTC day.
 */
type IssueDay = { issuedOn?: string };

export type InvoiceFigures = IssueDay & {
  kind: "invoice";
  seller: Seller;
  buyer: Buyer;
  orderNumber: number;
  lines: InvoiceLine[];
  subtotalCents: number;
  discountCents: number;
  discountCode: string | null;
  shippingCents: number;
  taxes: TaxLine[];
  totalCents: number;
};

export type CreditNoteFigures = IssueDay & {
  kind: "credit_note";
  seller: Seller;
  buyer: Buyer;
  orderNumber: number;
  /** The invoice it credits, by its number ('INV-000123'). */
  invoiceNumber: string;
  amountCents: number;
  /**
   * The invoice issued in its place when an edit changed the order: this note then cancels the old invoice whole,
   * and no money moved for it (a refund the edit owed goes back without a note of its own).
   */
  replacedBy?: string;
};

export type InvoiceDocumentFigures = InvoiceFigures | CreditNoteFigures;

type LegalDetails = { legalName: string; address: string; taxId: string };

/** The seller from the store settings: the legal name where the owner gave one, otherwise the shop's name. */
export function sellerOf(shopName: string, legal: LegalDetails): Seller {
  return {
    name: legal.legalName.trim() || shopName,
    address: legal.address
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== ""),
    taxId: legal.taxId.trim() || null,
  };
}

/** '7.25%' from 725 basis points. */
export const percentOf = (basisPoints: number) => `${Number((basisPoints / 100).toFixed(2))}%`;

/** An order's tax as it kept it (decision 0063): each line's total, discount share and rate, and the shipping's rate. */
export type KeptTax = {
  region: string;
  taxCents: number;
  shippingCents: number;
  shippingTaxRateBasisPoints: number | null;
  lines: readonly { lineTotalCents: number; discountCents: number; taxRateBasisPoints: number | null }[];
};

/**
 * The order's tax by rate, from the rates its lines and shipping kept: one line per rate that charged tax, named by
 * the region and the rate ('Tax VA 1%'), and 'goods and shipping' on the shipping's. An order whose kept rates do not
 * give the tax it was charged (one from before it kept them) has its tax stand as charged, unnamed.
 */
export function taxLines(order: KeptTax): TaxLine[] {
  const rates = taxByRate(taxedAmounts(order.lines, { cents: order.shippingCents, rateBasisPoints: order.shippingTaxRateBasisPoints }));
  if (order.taxCents === 0 || rates.reduce((sum, rate) => sum + rate.taxCents, 0) !== order.taxCents) return [{ label: "Tax", cents: order.taxCents }];
  return rates
    .filter((rate) => rate.taxCents !== 0)
    .map((rate) => ({
      label: `Tax ${order.region} ${percentOf(rate.rateBasisPoints)}${rate.rateBasisPoints === order.shippingTaxRateBasisPoints && order.shippingCents > 0 ? " (goods and shipping)" : ""}`,
      cents: rate.taxCents,
    }));
}

/** An order's tax lines, named by the state it ships to. */
export const orderTaxLines = (
  order: Omit<KeptTax, "region" | "lines"> & { shippingAddress: { state: string } },
  lines: KeptTax["lines"],
): TaxLine[] => taxLines({ ...order, region: order.shippingAddress.state.toUpperCase(), lines });

/** A line's rate ('tax 1%') where the order's lines were taxed at more than one: one rate is said by the tax line. */
export function lineRateText(rateBasisPoints: number | null, rates: ReadonlySet<number | null>): string | null {
  return rates.size > 1 && rateBasisPoints !== null ? `tax ${percentOf(rateBasisPoints)}` : null;
}

/** A line's words on the invoice, with its rate when the order's lines were taxed at more than one. */
export function invoiceLineText(text: string, rateBasisPoints: number | null, rates: ReadonlySet<number | null>): string {
  const rate = lineRateText(rateBasisPoints, rates);
  return rate ? `${text} (${rate})` : text;
}

/** The rows of totals under an invoice's lines, as printed. */
export function invoiceTotals(figures: InvoiceFigures): [string, string][] {
  return [
    ["Subtotal", formatMoney(figures.subtotalCents)],
    ...(figures.discountCents > 0
      ? [[`Discount${figures.discountCode ? ` (${figures.discountCode})` : ""}`, formatMoney(-figures.discountCents)] as [string, string]]
      : []),
    ["Shipping", formatMoney(figures.shippingCents)],
    ...figures.taxes.map((tax): [string, string] => [tax.label, formatMoney(tax.cents)]),
    ["Total", formatMoney(figures.totalCents)],
  ];
}
