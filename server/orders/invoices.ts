/**
 * An order's invoice and credit notes (decision 0055). An invoice is issued once per order, in the transaction that
 * makes it paid, whichever path does (a checkout's payment, a renewal), and issued anew when an edit leaves the order
 * paid in full, the old one cancelled by a credit note; a credit note in the transaction that owes each refund. Each takes the next number of its kind from the store's counter in that same transaction, so the
 * numbers run 1, 2, 3… with no gap and no repeat, also with several instances, and a rolled-back payment takes none.
 * The figures are frozen when issued: the PDF is rendered from them on each download.
 */
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import {
  documentFilename,
  documentNumber,
  invoiceLineText,
  sellerOf,
  orderTaxLines,
  type Buyer,
  type InvoiceDocumentFigures,
  type InvoiceFigures,
  type InvoiceKind,
} from "../../core/invoices";
import { shopDate } from "../../core/shop-time";
import type { Database, Tx } from "../db/client";
import { invoiceCounters, invoices, orders } from "../db/schema";
import { getStoreSettings } from "../store/settings";
import { checkLink, signLink } from "../mail/signed-links";
import { addressLines } from "./email";
import { lineText, withWords } from "./line-words";
import type { Order } from "./orders";
import { linesOf } from "./orders";
import { renderInvoicePdf } from "./invoice-pdf";

export type InvoiceDocument = typeof invoices.$inferSelect;

/** The next number of `kind` for the store: the counter row is locked until the transaction ends. */
export async function nextDocumentNumber(tx: Tx, storeId: string, kind: InvoiceKind): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ storeId, kind, next: 2 })
    .onConflictDoUpdate({ target: [invoiceCounters.storeId, invoiceCounters.kind], set: { next: sql`${invoiceCounters.next} + 1` } })
    .returning({ next: invoiceCounters.next });
  return row.next - 1;
}

async function issue(tx: Tx, order: Order, kind: InvoiceKind, figures: InvoiceDocumentFigures, totalCents: number, refundId: number | null) {
  const number = await nextDocumentNumber(tx, order.storeId, kind);
  const [made] = await tx.insert(invoices).values({ storeId: order.storeId, kind, number, orderId: order.id, refundId, totalCents, figures }).returning();
  return made;
}

async function parties(tx: Tx, order: Order) {
  const settings = await getStoreSettings(tx, order.storeId);
  const buyer: Buyer = { name: order.customerName, email: order.email, address: addressLines(order) };
  return { seller: sellerOf(settings.websiteTitle, settings.invoicing), buyer, issuedOn: shopDate(new Date(), settings.timeZone) };
}

const currentInvoice = (orderId: number) => and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice"), isNull(invoices.replacedAt));

/** The order's current invoice: the one no edit has replaced. */
async function invoiceOf(tx: Tx | Database, orderId: number): Promise<InvoiceDocument | null> {
  const [found] = await tx.select().from(invoices).where(currentInvoice(orderId));
  return found ?? null;
}

/**
 * The order's invoice, issued now if it has none: called inside the transaction that makes the order paid, so the
 * invoice exists exactly when the payment does. Idempotent per order: a replayed payment finds the one issued.
 */
export async function issueInvoice(tx: Tx, order: Order): Promise<InvoiceDocument> {
  return (await invoiceOf(tx, order.id)) ?? issueInvoiceFor(tx, order);
}

/**
 * After an edit, once the order owes nothing (at once, or when its payment link settles): a new invoice for the order
 * as it now is, and a credit note that cancels the one it replaces whole, so the documents add up to what the customer
 * paid less what went back. The new invoice first, then that note; an order paid before invoices were issued just
 * gets its first.
 */
export async function reissueInvoice(tx: Tx, order: Order): Promise<InvoiceDocument[]> {
  const [replaced] = await tx.update(invoices).set({ replacedAt: new Date() }).where(currentInvoice(order.id)).returning();
  const invoice = await issueInvoiceFor(tx, order);
  return replaced ? [invoice, await credit(tx, order, replaced, replaced.totalCents, null, invoice)] : [invoice];
}

async function issueInvoiceFor(tx: Tx, order: Order): Promise<InvoiceDocument> {
  const lines = await withWords(tx, order.storeId, await linesOf(tx, order.id));
  const rates = new Set(lines.map((line) => line.taxRateBasisPoints));
  const figures: InvoiceFigures = {
    kind: "invoice",
    ...(await parties(tx, order)),
    orderNumber: order.number!,
    lines: lines.map((line) => ({
      text: invoiceLineText(lineText(line), line.taxRateBasisPoints, rates),
      quantity: line.quantity,
      unitCents: line.unitPriceCents,
      totalCents: line.lineTotalCents,
    })),
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    discountCode: order.discountCode,
    shippingCents: order.shippingCents,
    taxes: orderTaxLines(order, lines),
    totalCents: order.totalCents,
  };
  return issue(tx, order, "invoice", figures, order.totalCents, null);
}

/**
 * A credit note for a refund of `amountCents`, referring to the order's invoice; inside the transaction that owes
 * the refund, once per refund (`refundId`; null for a refund made at the provider, credited once by the move to
 * refunded). An order paid before invoices were issued has no invoice to credit, and gets none.
 */
export async function issueCreditNote(tx: Tx, order: Order, refundId: number | null, amountCents: number): Promise<InvoiceDocument | null> {
  if (refundId !== null) {
    const [existing] = await tx.select().from(invoices).where(eq(invoices.refundId, refundId));
    if (existing) return existing;
  }
  const invoice = await invoiceOf(tx, order.id);
  return invoice && credit(tx, order, invoice, amountCents, refundId);
}

async function credit(tx: Tx, order: Order, invoice: InvoiceDocument, amountCents: number, refundId: number | null, replacedBy?: InvoiceDocument) {
  const figures: InvoiceDocumentFigures = {
    kind: "credit_note",
    ...(await parties(tx, order)),
    orderNumber: order.number!,
    invoiceNumber: documentNumber("invoice", invoice.number),
    amountCents,
    ...(replacedBy ? { replacedBy: documentNumber("invoice", replacedBy.number) } : {}),
  };
  return issue(tx, order, "credit_note", figures, amountCents, refundId);
}

/** What a list of an order's documents shows: the number, the kind, the amount and when, and the file to ask for. */
export type DocumentSummary = { kind: InvoiceKind; number: string; filename: string; totalCents: number; issuedAt: Date; replaced: boolean };

const summaryOf = (document: InvoiceDocument): DocumentSummary => ({
  kind: document.kind,
  number: documentNumber(document.kind, document.number),
  filename: documentFilename(document.kind, document.number),
  totalCents: document.totalCents,
  issuedAt: document.issuedAt,
  replaced: document.replacedAt !== null,
});

/** The order's invoices first (an edit's replacement after the one it replaced), then its credit notes as issued. */
export async function documentsOfOrder(db: Database, orderId: number): Promise<DocumentSummary[]> {
  // 'invoice' sorts after 'credit_note': descending puts invoices first.
  const rows = await db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(desc(invoices.kind), asc(invoices.number));
  return rows.map(summaryOf);
}

/** The documents of the store's order `orderNumber`, by number. */
export async function documentsOfOrderNumber(db: Database, storeId: string, orderNumber: number): Promise<DocumentSummary[]> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.storeId, storeId), eq(orders.number, orderNumber)));
  return order ? documentsOfOrder(db, order.id) : [];
}

/**
 * A document of the store's order `orderNumber` as a PDF, by its file name; with `customerId`, only of that
 * customer's order. Null for a missing order, another customer's, or a file the order does not have, alike.
 */
export async function orderNumberDocumentPdf(db: Database, storeId: string, orderNumber: number, filename: string, customerId?: number) {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.number, orderNumber), customerId === undefined ? undefined : eq(orders.customerId, customerId)));
  return order ? orderDocumentPdf(db, order.id, filename) : null;
}

/** The current invoice of the store's order `orderNumber` as a PDF; null when the order or its invoice is missing. */
export async function orderInvoicePdf(db: Database, storeId: string, orderNumber: number) {
  const [found] = await db
    .select({ kind: invoices.kind, number: invoices.number })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(orders.storeId, storeId), eq(orders.number, orderNumber), eq(invoices.kind, "invoice"), isNull(invoices.replacedAt)));
  return found ? orderNumberDocumentPdf(db, storeId, orderNumber, documentFilename(found.kind, found.number)) : null;
}

/**
 * One of the order's documents as a PDF, by its file name ('INV-000123.pdf'); null when the order has no such
 * document (a file of another order's never answers for this one).
 */
export async function orderDocumentPdf(db: Database, orderId: number, filename: string): Promise<{ filename: string; pdf: Buffer } | null> {
  const documents = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  const document = documents.find((row) => documentFilename(row.kind, row.number) === filename);
  if (!document) return null;
  return { filename, pdf: await renderInvoicePdf(documentNumber(document.kind, document.number), document.issuedAt, document.figures) };
}

/** A document as a mail's PDF attachment. */
export async function documentAttachment(document: InvoiceDocument) {
  const pdf = await renderInvoicePdf(documentNumber(document.kind, document.number), document.issuedAt, document.figures);
  return { filename: documentFilename(document.kind, document.number), contentType: "application/pdf", content: pdf };
}

/** The order's current invoice as a PDF attachment, for the paid-order email; none for an order without one. */
export async function invoiceAttachment(db: Database, orderId: number) {
  const invoice = await invoiceOf(db, orderId);
  return invoice ? documentAttachment(invoice) : null;
}

/** A signed link opens one document for an hour: the order lookup hands them to whoever proved the order's email. */
const DOCUMENT_LINK_PURPOSE = "order-document";
const DOCUMENT_LINK_MS = 60 * 60_000;

/** The order's documents, each with a link that downloads it without an account (the order lookup's answer). */
export async function documentsWithSignedLinks(db: Database, storeId: string, orderNumber: number, now = new Date()) {
  const documents = await documentsOfOrderNumber(db, storeId, orderNumber);
  return Promise.all(
    documents.map(async (document) => {
      const subject = `${orderNumber}/${document.filename}`;
      const token = await signLink(db, storeId, { purpose: DOCUMENT_LINK_PURPOSE, subject, expiresAt: new Date(now.getTime() + DOCUMENT_LINK_MS) });
      return { ...document, href: `/orders/documents/${document.filename}?token=${encodeURIComponent(token)}` };
    }),
  );
}

/** The document a signed link names, when `filename` is the one it was signed for and it has not expired. */
export async function documentPdfBySignedLink(db: Database, storeId: string, filename: string, token: string) {
  const link = await checkLink(db, storeId, DOCUMENT_LINK_PURPOSE, token);
  if (!link.ok) return null;
  const [orderNumber, signedFile] = link.subject.split("/");
  if (signedFile !== filename) return null;
  return orderNumberDocumentPdf(db, storeId, Number(orderNumber), filename);
}
