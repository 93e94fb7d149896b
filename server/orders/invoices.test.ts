/**
 * Invoices and credit notes (decision 0055): issued with the payment and each refund, numbered without a gap, frozen,
 * attached to the paid-order email as it reaches a real SMTP server, downloadable from the admin API; on PostgreSQL,
 * one unbroken sequence under concurrent payments and refunds on two instances.
 */
import { and, asc, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, secondInstance, type TestApp } from "../../tests/support/app";
import { tokenHeaders } from "../../tests/support/api-tokens";
import { payWithCard, paidOrderBy, startCheckout, submitOrder } from "../../tests/support/checkout";
import { usingPostgres } from "../../tests/support/database";
import { pdfText } from "../../tests/support/pdf-text";
import { startSmtpServer, type TestSmtpServer } from "../../tests/support/smtp";
import { documentNumber } from "../../core/invoices";
import { commandLineActor } from "../audit/audit";
import { invoiceCounters, invoices, mailAttachments, mailOutbox, orders, paymentEvents, products, variants } from "../db/schema";
import { changeStoreSettings, getStoreSettings } from "../store/settings";
import { applyPaymentEvent } from "./payment-events";
import { refundOrder } from "./operations";
import { issueInvoice, nextDocumentNumber, orderInvoicePdf, orderNumberDocumentPdf } from "./invoices";
import type { Order } from "./orders";

let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
  await t.deps.db.update(variants).set({ stock: 5000 }).where(like(variants.sku, "HOUSE-%"));
  await changeStoreSettings(t.deps.db, commandLineActor(t.deps.storeId), {
    invoicing: { legalName: "Harbor Roasting LLC", address: "1 Dock St\nPortland, OR 97201", taxId: "12-3456789" },
  });
});
afterAll(async () => {
  await t.database.dispose();
  await smtp.close();
});

const documentsOf = (orderId: number) =>
  t.deps.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(desc(invoices.kind), asc(invoices.number));

/** The PDF a raw message carries as `filename`, decoded from its base64 part. */
function attachedPdf(raw: string, filename: string): Buffer {
  const at = raw.indexOf(`filename=${filename}`);
  expect(at).toBeGreaterThan(-1);
  const body = raw.slice(raw.indexOf("\r\n\r\n", at) + 4);
  return Buffer.from(body.slice(0, body.indexOf("\r\n--")).replace(/\s+/g, ""), "base64");
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe("an order's invoice", () => {
  it("is issued with the payment, numbered, with the seller, lines, shipping, tax by rate and total", async () => {
    const order = await paidOrderBy(t, { email: "ivy@example.com", name: "Ivy Invoice" }, 3);
    const [invoice] = await documentsOf(order.id);
    expect(invoice).toMatchObject({ kind: "invoice", totalCents: order.totalCents, refundId: null });
    const pdf = await orderInvoicePdf(t.deps.db, t.deps.storeId, order.number!);
    expect(pdf!.filename).toBe(`${documentNumber("invoice", invoice.number)}.pdf`);
    const text = await pdfText(pdf!.pdf);
    expect(text).toContain(`Invoice ${documentNumber("invoice", invoice.number)}`);
    expect(text).toContain("Harbor Roasting LLC\n1 Dock St\nPortland, OR 97201\nTax id: 12-3456789");
    expect(text).toContain(`Order: #${order.number}`);
    expect(text).toMatch(/House Blend \(.+\) 3 \$16\.00 \$48\.00/);
    expect(text).toContain(`Subtotal ${dollars(order.subtotalCents)}`);
    expect(text).toContain(`Shipping ${dollars(order.shippingCents)}`);
    // The order shipped to California, whose 7.25% gives the tax it was charged.
    expect(text).toContain(`Tax CA 7.25% ${dollars(order.taxCents)}`);
    expect(text).toContain(`Bill to\nIvy Invoice\nivy@example.com\nShip to\nIvy Invoice\n1 Main St\nSacramento, CA 95814\nUS`);
    expect(text).toContain(`Total ${dollars(order.totalCents)}`);
  });

  it("rides on the paid-order email as a PDF, to the SMTP server and in the outbox", async () => {
    const order = await paidOrderBy(t, { email: "mia@example.com", name: "Mia Mail" });
    const [invoice] = await documentsOf(order.id);
    const filename = `${documentNumber("invoice", invoice.number)}.pdf`;
    const [mail] = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, order.id), eq(mailOutbox.kind, "order-confirmation")));
    const files = await t.deps.db.select().from(mailAttachments).where(eq(mailAttachments.mailId, mail.id));
    expect(files.map((file) => [file.filename, file.contentType])).toEqual([[filename, "application/pdf"]]);
    const raw = smtp.received.find((message) => message.includes(`Subject: Order #${order.number} confirmed`))!;
    const text = await pdfText(attachedPdf(raw, filename));
    expect(text).toContain(`Total ${dollars(order.totalCents)}`);
    expect(text).toMatch(/House Blend \(.+\) 2 \$16\.00 \$32\.00/);
    // The owner's notice goes without it: the invoice is the customer's.
    const notice = smtp.received.find((message) => message.includes(`Subject: New order #${order.number}`))!;
    expect(notice).not.toContain("application/pdf");
  });

  it("is issued once: a replayed payment and a second call find the one there is", async () => {
    const order = await paidOrderBy(t, { email: "rex@example.com", name: "Rex Replay" });
    const [event] = await t.deps.db.select().from(paymentEvents).where(eq(paymentEvents.type, "payment.succeeded")).orderBy(desc(paymentEvents.receivedAt)).limit(1);
    const [before] = await t.deps.db.select().from(invoiceCounters).where(eq(invoiceCounters.kind, "invoice"));
    const outcome = await applyPaymentEvent(t.deps, { id: event.id, type: "payment.succeeded", paymentId: order.paymentReference!, amountCents: order.totalCents, failureMessage: null });
    expect(outcome).toBe("duplicate");
    const again = await t.deps.db.transaction((tx) => issueInvoice(tx, order));
    expect(await documentsOf(order.id)).toEqual([again]);
    const [after] = await t.deps.db.select().from(invoiceCounters).where(eq(invoiceCounters.kind, "invoice"));
    expect(after.next).toBe(before.next);
  });

  it("takes no number when its transaction rolls back", async () => {
    const [before] = await t.deps.db.select().from(invoiceCounters).where(eq(invoiceCounters.kind, "invoice"));
    await expect(
      t.deps.db.transaction(async (tx) => {
        await nextDocumentNumber(tx, t.deps.storeId, "invoice");
        throw new Error("the payment's transaction failed");
      }),
    ).rejects.toThrow("the payment's transaction failed");
    const next = await t.deps.db.transaction((tx) => nextDocumentNumber(tx, t.deps.storeId, "invoice"));
    expect(next).toBe(before.next);
    // Give the number back to the sequence the other tests read: this one was taken by no invoice.
    await t.deps.db.update(invoiceCounters).set({ next: before.next }).where(eq(invoiceCounters.kind, "invoice"));
  });

  it("keeps its figures when the product and the shop's details change later", async () => {
    const order = await paidOrderBy(t, { email: "fay@example.com", name: "Fay Frozen" });
    const before = await orderInvoicePdf(t.deps.db, t.deps.storeId, order.number!);
    const [product] = await t.deps.db.select().from(products).where(eq(products.handle, "house-blend"));
    await t.deps.db.update(products).set({ title: "Renamed Blend" }).where(eq(products.id, product.id));
    await changeStoreSettings(t.deps.db, commandLineActor(t.deps.storeId), { invoicing: { legalName: "Another Name Inc" } });
    try {
      const after = await orderInvoicePdf(t.deps.db, t.deps.storeId, order.number!);
      expect(after!.pdf.equals(before!.pdf)).toBe(true);
      expect(await pdfText(after!.pdf)).toContain("Harbor Roasting LLC");
    } finally {
      await t.deps.db.update(products).set({ title: product.title }).where(eq(products.id, product.id));
      await changeStoreSettings(t.deps.db, commandLineActor(t.deps.storeId), { invoicing: { legalName: "Harbor Roasting LLC" } });
    }
  });

  it("names the shop alone when no legal details are set", async () => {
    await changeStoreSettings(t.deps.db, commandLineActor(t.deps.storeId), { invoicing: { legalName: "", address: "", taxId: "" } });
    try {
      const order = await paidOrderBy(t, { email: "nell@example.com", name: "Nell Nameless" });
      const text = await pdfText((await orderInvoicePdf(t.deps.db, t.deps.storeId, order.number!))!.pdf);
      expect(text.split("\n")[0]).toBe((await getStoreSettings(t.deps.db, t.deps.storeId)).websiteTitle);
      expect(text).not.toContain("Tax id");
    } finally {
      await changeStoreSettings(t.deps.db, commandLineActor(t.deps.storeId), {
        invoicing: { legalName: "Harbor Roasting LLC", address: "1 Dock St\nPortland, OR 97201", taxId: "12-3456789" },
      });
    }
  });
});

describe("a credit note", () => {
  it("is issued for each refund, part or whole, with its own number, the amount and the invoice it credits", async () => {
    const order = await paidOrderBy(t, { email: "cora@example.com", name: "Cora Credit" });
    await refundOrder(t.deps, t.deps.storeId, order.number!, { amountCents: 500 });
    await refundOrder(t.deps, t.deps.storeId, order.number!);
    const [invoice, ...notes] = await documentsOf(order.id);
    const invoiceNumber = documentNumber("invoice", invoice.number);
    expect(notes.map((note) => [note.kind, note.totalCents])).toEqual([
      ["credit_note", 500],
      ["credit_note", order.totalCents - 500],
    ]);
    expect(notes[1].number).toBe(notes[0].number + 1);
    expect(notes.every((note) => note.refundId !== null)).toBe(true);
    const text = await pdfText((await orderNumberDocumentPdf(t.deps.db, t.deps.storeId, order.number!, `${documentNumber("credit_note", notes[0].number)}.pdf`))!.pdf);
    expect(text).toContain(`Credit note ${documentNumber("credit_note", notes[0].number)}`);
    expect(text).toContain(`Credits invoice: ${invoiceNumber}`);
    expect(text).toContain("Refunded $5.00");
    // Each refund's email carries its credit note.
    const mails = await t.deps.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, order.id), eq(mailOutbox.kind, "order-refunded")))
      .orderBy(asc(mailOutbox.id));
    const attached = await Promise.all(mails.map(async (mail) => (await t.deps.db.select().from(mailAttachments).where(eq(mailAttachments.mailId, mail.id))).map((file) => file.filename)));
    expect(attached).toEqual(notes.map((note) => [`${documentNumber("credit_note", note.number)}.pdf`]));
  });

  it("is issued for a refund made at the provider, once, for what was left", async () => {
    const order = await paidOrderBy(t, { email: "pia@example.com", name: "Pia Provider" });
    const event = { id: `evt_refund_${order.id}`, type: "payment.refunded" as const, paymentId: order.paymentReference!, amountCents: order.totalCents, failureMessage: null };
    expect(await applyPaymentEvent(t.deps, event)).toBe("applied");
    expect(await applyPaymentEvent(t.deps, { ...event, id: `${event.id}_again` })).toBe("ignored");
    const notes = (await documentsOf(order.id)).filter((document) => document.kind === "credit_note");
    expect(notes.map((note) => [note.totalCents, note.refundId])).toEqual([[order.totalCents, null]]);
  });
});

describe("the admin API's invoice download", () => {
  it("answers the PDF to every role that sees orders, and 401 or 404 otherwise", async () => {
    const order = await paidOrderBy(t, { email: "dora@example.com", name: "Dora Download" });
    for (const role of ["manager", "fulfilment"] as const) {
      const response = await t.call("GET", `/api/admin/orders/${order.number}/invoice.pdf`, undefined, await tokenHeaders(t, role));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="INV-\d{6}\.pdf"$/);
      expect(await pdfText(new Uint8Array(await response.arrayBuffer()))).toContain(`Total ${dollars(order.totalCents)}`);
    }
    expect((await t.call("GET", `/api/admin/orders/${order.number}/invoice.pdf`)).status).toBe(401);
    const owner = await tokenHeaders(t, "owner");
    const missing = await t.call("GET", "/api/admin/orders/999999/invoice.pdf", undefined, owner);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toMatch(/no invoice/);
  });
});

// Real concurrency needs real connections: PGlite runs one transaction at a time.
describe.runIf(usingPostgres())("invoice numbers on PostgreSQL with two instances", () => {
  it("stay one unbroken sequence under concurrent payments and refunds on both", async () => {
    const instances = [t, secondInstance(t)];
    const paid = await Promise.all(
      Array.from({ length: 16 }, async (_, index) => {
        const instance = instances[index % 2];
        const { sessionId } = await startCheckout(instance, 2 + (index % 3));
        const { body } = await submitOrder(instance, sessionId, { email: `race${index}@example.com`, name: "Rae Race" });
        // Paid through the other instance than the one that took the order.
        const payer = instances[(index + 1) % 2];
        expect((await payWithCard(payer, body.client_secret)).body.status).toBe("succeeded");
        return body.order_id;
      }),
    );
    const numbers = await t.deps.db.select({ number: orders.number }).from(orders).where(eq(orders.status, "paid"));
    expect(numbers.length).toBeGreaterThanOrEqual(16);
    await Promise.all(
      paid.slice(0, 8).map(async (orderId, index) => {
        const [order] = await t.deps.db.select().from(orders).where(eq(orders.id, orderId));
        await refundOrder(instances[index % 2].deps, t.deps.storeId, (order as Order).number!, { amountCents: 100 });
      }),
    );
    for (const kind of ["invoice", "credit_note"] as const) {
      const issued = (await t.deps.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.kind, kind))).map((row) => row.number);
      issued.sort((a, b) => a - b);
      expect(issued, kind).toEqual(Array.from({ length: issued.length }, (_, index) => index + 1));
    }
    for (const orderId of paid) expect((await documentsOf(orderId)).filter((document) => document.kind === "invoice")).toHaveLength(1);
  });
});
