/**
 * Editing a paid order before it ships (decision 0058), through the admin API as the back office and the owner's
 * scripts use it: every kind of change priced by the one quote and shown before it is saved, stock moving with it, a
 * lower total refunded through the provider, a higher one asked of the customer, the customer told, the timeline and
 * the audit trail keeping it; and what is refused, naming the field or the SKU.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { orderAnswerSchema } from "../../core/schemas/admin-orders";
import type { orderEditAnswerSchema } from "../../core/schemas/order-edits";
import { createTestApp, secondInstance, type TestApp } from "../../tests/support/app";
import { usingPostgres } from "../../tests/support/database";
import { ADDRESS, paidOrderBy, SKU, stockOf } from "../../tests/support/checkout";
import { commandLineActor } from "../audit/audit";
import { auditEvents, discounts, invoices, mailAttachments, mailOutbox, orderEdits, orderLines, orders, paymentLinks, refunds, stockAdjustments, variants } from "../db/schema";
import { createApiToken } from "../staff/tokens";
import { TEST_CARDS, type SimulatedPaymentProvider } from "../payments/simulated";
import { payLinkWithCard } from "../orders/payment-links";
import { refundedCents } from "../orders/refunds";
import { orderInvoicePdf, orderNumberDocumentPdf } from "../orders/invoices";
import { pdfText } from "../../tests/support/pdf-text";
import { documentNumber } from "../../core/invoices";

/** The same House Blend, 2 lb and whole bean: $38.00 against the 12 oz bag's $16.00. */
const DEARER = "HOUSE-2LB-WB";
const ETHIOPIA = "ETH-12OZ-WB";
const CARD = { number: TEST_CARDS.succeeds, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: "123" };

let t: TestApp;
let staff: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://shop.example.com" });
  await t.deps.db.update(variants).set({ stock: 500 }).where(eq(variants.sku, SKU));
  await t.deps.db.update(variants).set({ stock: 20 }).where(eq(variants.sku, DEARER));
  await t.deps.db.update(variants).set({ stock: 20 }).where(eq(variants.sku, ETHIOPIA));
  const { secret } = await createApiToken(t.deps.db, commandLineActor(t.deps.storeId), { name: "packing bench", role: "fulfilment" });
  staff = { authorization: `Bearer ${secret}` };
});
afterAll(async () => {
  await t.database.dispose();
});

type Answer = Partial<z.infer<typeof orderEditAnswerSchema>> & { error?: string; field?: string };

const post = async (path: string, body: unknown) => {
  const response = await t.call("POST", path, body, staff);
  return { status: response.status, body: (await response.json()) as Answer };
};

let buyers = 0;
/** A paid order of `quantity` House Blend bags, by a buyer of its own, with its one line. */
async function paidOrder(quantity = 2) {
  buyers++;
  const order = await paidOrderBy(t, { email: `edit${buyers}@example.com`, name: `Eddie ${buyers}` }, quantity);
  const [line] = await t.deps.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  return { order, line };
}

/** Previews the change, then saves it at the total the preview showed. */
async function edit(number: number, change: Record<string, unknown>) {
  const preview = await post(`/api/admin/orders/${number}/edit/preview`, change);
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  const saved = await post(`/api/admin/orders/${number}/edit`, { ...change, expected_total_cents: preview.body.totals!.total_cents });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { preview: preview.body, saved: saved.body };
}

const orderNow = async (id: number) => (await t.deps.db.select().from(orders).where(eq(orders.id, id)))[0];
const linesNow = (id: number) => t.deps.db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(orderLines.id);
const mailsTo = (to: string, kind: string) =>
  t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)));
const documentsOf = (orderId: number) => t.deps.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
const attachedTo = async (mailId: number) => (await t.deps.db.select().from(mailAttachments).where(eq(mailAttachments.mailId, mailId))).map((file) => file.filename);
const fileOf = (document: typeof invoices.$inferSelect) => `${documentNumber(document.kind, document.number)}.pdf`;

/**
 * What the order's documents say the customer owes: its invoices less its credit notes. After every edit, refund and
 * payment it is what the customer paid less what went back.
 */
async function invoicedLessCredited(orderId: number) {
  const documents = await documentsOf(orderId);
  return documents.reduce((sum, document) => sum + (document.kind === "invoice" ? document.totalCents : -document.totalCents), 0);
}

describe("editing a paid order", () => {
  it("swaps a variant for a dearer one: priced by the quote, stock moved, the customer told what changed and that a link follows", async () => {
    const { order, line } = await paidOrder(2);
    const [before12, before2] = [await stockOf(t, SKU), await stockOf(t, DEARER)];
    const change = { lines: [{ line_id: line.id, sku: DEARER }] };

    const preview = await post(`/api/admin/orders/${order.number}/edit/preview`, change);
    // Two 2 lb bags at $38.00 = $76.00; free standard shipping from $40; California's 7.25% on the goods.
    expect(preview).toMatchObject({
      status: 200,
      body: {
        lines: [{ line_id: line.id, sku: DEARER, quantity: 2, unit_price_cents: 3800, line_total_cents: 7600, options: "Whole Bean, 2 lb" }],
        totals: { subtotal_cents: 7600, shipping_cents: 0, tax_cents: 551, total_cents: 8151 },
        previous_total_cents: order.totalCents,
        difference_cents: 8151 - order.totalCents,
        stock: [
          { sku: SKU, delta: -2 },
          { sku: DEARER, delta: 2 },
        ],
      },
    });
    expect(preview.body.changes).toEqual(["Tidewater House Blend: Whole Bean, 12 oz → Whole Bean, 2 lb"]);
    // A preview writes nothing.
    expect(await stockOf(t, DEARER)).toBe(before2);
    expect((await orderNow(order.id)).totalCents).toBe(order.totalCents);

    const saved = await post(`/api/admin/orders/${order.number}/edit`, { ...change, expected_total_cents: 8151 });
    expect(saved).toMatchObject({ status: 200, body: { refund: null, payment_link: { amount_cents: 8151 - order.totalCents } } });
    expect(await stockOf(t, SKU)).toBe(before12 + 2);
    expect(await stockOf(t, DEARER)).toBe(before2 - 2);
    // It owes the difference now, and does not ship until that is paid.
    expect(await orderNow(order.id)).toMatchObject({ status: "awaiting_payment", totalCents: 8151, subtotalCents: 7600, taxCents: 551 });
    // The line keeps its id, so a later edit, the screens and the timeline name the same line.
    expect(await linesNow(order.id)).toMatchObject([{ id: line.id, sku: DEARER, quantity: 2, unitPriceCents: 3800, lineTotalCents: 7600 }]);
    const adjustments = await t.deps.db.select().from(stockAdjustments).where(eq(stockAdjustments.orderId, order.id));
    expect(adjustments.filter((row) => row.actorLabel === "packing bench").map((row) => [row.reason, row.delta])).toEqual(
      expect.arrayContaining([
        ["sold", -2],
        ["returned", 2],
      ]),
    );

    const [mail] = await mailsTo(order.email, "order-edited");
    expect(mail.subject).toBe(`Order #${order.number} was changed`);
    expect(mail.text).toContain("- Tidewater House Blend: Whole Bean, 12 oz → Whole Bean, 2 lb");
    expect(mail.text).toContain(`$${((8151 - order.totalCents) / 100).toFixed(2)} is due for the change: we are sending you a link to pay it`);
    expect(mail.text).toContain("2 x Tidewater House Blend (Whole Bean, 2 lb)  $76.00");

    // The customer pays the link they were emailed; the order is paid and ships again.
    const token = decodeURIComponent(/\/pay\?token=(\S+)/.exec((await mailsTo(order.email, "order-payment-link"))[0].text)![1]);
    expect((await payLinkWithCard(t.deps, t.deps.storeId, token, CARD)).status).toBe("succeeded");
    await (t.deps.payments as SimulatedPaymentProvider).drain();
    expect(await orderNow(order.id)).toMatchObject({ status: "paid", totalCents: 8151 });
    expect(await t.deps.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    // Paid in full again, the order gets a new invoice for what it now is; a credit note cancels the first one whole.
    const [first, second, cancelling] = await documentsOf(order.id);
    expect([first, second, cancelling].map((document) => [document.kind, document.totalCents])).toEqual([
      ["invoice", order.totalCents],
      ["invoice", 8151],
      ["credit_note", order.totalCents],
    ]);
    expect(first.replacedAt).not.toBeNull();
    expect(second.replacedAt).toBeNull();
    expect(cancelling.figures).toMatchObject({ invoiceNumber: documentNumber("invoice", first.number), replacedBy: documentNumber("invoice", second.number) });
    expect(await invoicedLessCredited(order.id)).toBe(8151);
    const [receipt] = await mailsTo(order.email, "order-payment-received");
    expect(await attachedTo(receipt.id)).toEqual([fileOf(second), fileOf(cancelling)]);
    const pdf = await orderInvoicePdf(t.deps.db, t.deps.storeId, order.number!);
    expect(pdf!.filename).toBe(fileOf(second));
    expect(await pdfText((await orderNumberDocumentPdf(t.deps.db, t.deps.storeId, order.number!, fileOf(cancelling)))!.pdf)).toContain(
      `this cancels invoice ${documentNumber("invoice", first.number)}, replaced by invoice ${documentNumber("invoice", second.number)}.`,
    );

    const detail = await t.call("GET", `/api/admin/orders/${order.number}`, undefined, staff);
    const { order: shown } = (await detail.json()) as z.infer<typeof orderAnswerSchema>;
    expect(shown.timeline.find((entry) => entry.type === "edit")?.text).toBe(
      `Edited by packing bench: Tidewater House Blend: Whole Bean, 12 oz → Whole Bean, 2 lb. Total $${(order.totalCents / 100).toFixed(2)} → $81.51`,
    );
    const [audited] = await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.action, "order.edit"), eq(auditEvents.entityId, String(order.number))));
    expect(audited).toMatchObject({ actorLabel: "packing bench" });
    expect(audited.changes.total_cents).toEqual({ before: order.totalCents, after: 8151 });
  });

  it("changes an order awaiting its payment again: the open link is replaced, or cancelled when the change owes nothing more", async () => {
    const { order, line } = await paidOrder(2);
    const first = await edit(order.number!, { lines: [{ line_id: line.id, quantity: 3 }] });
    const owed = first.saved.balance_cents!;
    expect(first.saved.payment_link).toEqual({ amount_cents: owed });
    const links = () => t.deps.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, order.id)).orderBy(paymentLinks.id);

    const second = await edit(order.number!, { lines: [{ line_id: line.id, quantity: 4 }] });
    // Still owed: the first link's amount and the second change's difference, asked by one new link.
    expect(second.saved.balance_cents).toBe(owed + second.saved.difference_cents!);
    expect((await links()).map((link) => [link.status, link.amountCents])).toEqual([
      ["cancelled", owed],
      ["open", second.saved.balance_cents],
    ]);

    // Back to two bags: the customer owes nothing more and is refunded nothing; the open link can no longer be paid.
    const third = await edit(order.number!, { lines: [{ line_id: line.id, quantity: 2 }] });
    expect(third.saved).toMatchObject({ balance_cents: 0, refund: null, payment_link: null });
    expect((await links()).map((link) => link.status)).toEqual(["cancelled", "cancelled"]);
    expect(await orderNow(order.id)).toMatchObject({ status: "paid", totalCents: order.totalCents });
  });

  it("lowers a quantity: the difference is refunded through the provider once, and what is left to refund is of the new total", async () => {
    const { order, line } = await paidOrder(3);
    const stock = await stockOf(t, SKU);
    const { saved } = await edit(order.number!, { lines: [{ line_id: line.id, quantity: 2 }] });
    // Three bags at $16 shipped free ($40 threshold) with tax; two bags pay $5.99 standard shipping.
    const now = await orderNow(order.id);
    expect(saved.difference_cents).toBe(now.totalCents - order.totalCents);
    expect(saved.difference_cents).toBeLessThan(0);
    expect(saved.refund).toEqual({ amount_cents: -saved.difference_cents!, owed: false });
    expect(saved.payment_link).toBeNull();
    expect(await stockOf(t, SKU)).toBe(stock + 1);
    const [refund] = await t.deps.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ status: "succeeded", amountCents: -saved.difference_cents!, idempotencyKey: `order-edit:${saved.edit_id}`, orderEditId: saved.edit_id });
    // The order is invoiced anew at its lower total and the first invoice cancelled whole; the refund needs no note of its own.
    const [first, second, cancelling] = await documentsOf(order.id);
    expect([first, second, cancelling].map((document) => [document.kind, document.totalCents, document.refundId])).toEqual([
      ["invoice", order.totalCents, null],
      ["invoice", now.totalCents, null],
      ["credit_note", order.totalCents, null],
    ]);
    expect(await invoicedLessCredited(order.id)).toBe(order.totalCents + saved.difference_cents!);
    // The edit's refund is part of the new price, not a refund of the order: all of the new total may still go back.
    expect(await t.deps.db.transaction((tx) => refundedCents(tx, now))).toBe(0);
    const detail = await t.call("GET", `/api/admin/orders/${order.number}`, undefined, staff);
    const { order: shown } = (await detail.json()) as z.infer<typeof orderAnswerSchema>;
    expect(shown.payment).toMatchObject({ refunded_cents: 0, refundable_cents: now.totalCents });
    const [mail] = await mailsTo(order.email, "order-edited");
    expect(mail.text).toContain(`$${(-saved.difference_cents! / 100).toFixed(2)} will be refunded to your original payment method.`);
    expect(await attachedTo(mail.id)).toEqual([fileOf(second), fileOf(cancelling)]);
    // A whole refund afterwards gives back exactly what is left of the payment, credited against the new invoice.
    const whole = await post(`/api/admin/orders/${order.number}/refund`, {});
    expect(whole.status).toBe(200);
    await (t.deps.payments as SimulatedPaymentProvider).drain();
    const made = await t.deps.db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(refunds.id);
    expect(made.map((row) => row.amountCents)).toEqual([-saved.difference_cents!, now.totalCents]);
    const note = (await documentsOf(order.id)).at(-1)!;
    expect(note).toMatchObject({ kind: "credit_note", refundId: made[1].id, totalCents: now.totalCents });
    expect(note.figures).toMatchObject({ invoiceNumber: documentNumber("invoice", second.number) });
    expect(await invoicedLessCredited(order.id)).toBe(0);
  });

  it("adds a product and removes the line it had, changes the address and the shipping option, in one edit", async () => {
    const { order, line } = await paidOrder(2);
    const [house, ethiopia] = [await stockOf(t, SKU), await stockOf(t, ETHIOPIA)];
    const address = { ...ADDRESS, name: "Eddie at work", line1: "9 Office Park", city: "Portland", state: "OR", postal_code: "97201" };
    const { preview, saved } = await edit(order.number!, {
      lines: [{ line_id: line.id, quantity: 0 }],
      add: [{ sku: ETHIOPIA, quantity: 2 }],
      shipping_address: address,
      shipping_option: "express",
    });
    expect(preview.changes).toEqual([
      "Removed 2 × Tidewater House Blend (Whole Bean, 12 oz)",
      "Added 2 × Ethiopia Yirgacheffe Kochere (Whole Bean, 12 oz)",
      "Shipping: Standard Shipping → Express Shipping",
      "Shipping address: Eddie at work, 9 Office Park, Portland, OR 97201, US",
    ]);
    // Oregon has no sales tax in the demo shop; express is never free.
    const now = await orderNow(order.id);
    expect(now).toMatchObject({ shippingOptionKey: "express", taxCents: 0, subtotalCents: 3900, customerName: "Eddie at work" });
    expect(now.shippingAddress).toMatchObject({ line1: "9 Office Park", state: "OR" });
    expect(saved.lines).toMatchObject([{ line_id: null, sku: ETHIOPIA, quantity: 2, unit_price_cents: 1950 }]);
    expect(await stockOf(t, SKU)).toBe(house + 2);
    expect(await stockOf(t, ETHIOPIA)).toBe(ethiopia - 2);
  });

  it("keeps a kept line's price and the order's discount code while it still applies", async () => {
    await t.deps.db.insert(discounts).values({ storeId: t.deps.storeId, code: "EDIT10", percentage: 10, maxRedemptions: 1, oncePerCustomer: true });
    buyers++;
    const order = await paidOrderBy(t, { email: `edit${buyers}@example.com`, name: "Dee Count", discount_code: "EDIT10" } as never, 3);
    expect(order.discountCode).toBe("EDIT10");
    const [line] = await linesNow(order.id);
    // The bag costs more now; the two already sold keep their price.
    await t.deps.db.update(variants).set({ priceCents: 1700 }).where(eq(variants.sku, SKU));
    try {
      const { saved } = await edit(order.number!, { lines: [{ line_id: line.id, quantity: 4 }] });
      expect(saved.lines).toMatchObject([{ quantity: 4, unit_price_cents: 1600 }]);
      expect(saved.totals).toMatchObject({ subtotal_cents: 6400, discount_cents: 640, discount_code: "EDIT10" });
    } finally {
      await t.deps.db.update(variants).set({ priceCents: 1600 }).where(eq(variants.sku, SKU));
    }
  });

  it("refuses, naming the field or the SKU, and changes nothing", async () => {
    const { order, line } = await paidOrder(2);
    const url = `/api/admin/orders/${order.number}/edit`;
    expect(await post(`${url}/preview`, { lines: [{ line_id: line.id, quantity: -1 }] })).toMatchObject({
      status: 400,
      body: { error: "quantity must be 0 (remove the line) or more", field: "lines.0.quantity" },
    });
    expect(await post(`${url}/preview`, { lines: [{ line_id: 999999, quantity: 1 }] })).toMatchObject({
      status: 400,
      body: { error: `Order ${order.number} has no line 999999`, field: "lines.0.line_id" },
    });
    expect(await post(`${url}/preview`, { lines: [{ line_id: line.id, sku: ETHIOPIA }] })).toMatchObject({
      status: 400,
      body: { error: `"${ETHIOPIA}" is not a variant of Tidewater House Blend`, field: "lines.0.sku" },
    });
    expect(await post(`${url}/preview`, { add: [{ sku: "NOPE", quantity: 1 }] })).toMatchObject({ status: 400, body: { field: "add.0.sku" } });
    expect(await post(`${url}/preview`, { lines: [{ line_id: line.id, quantity: 0 }] })).toMatchObject({ status: 422, body: { field: "lines" } });
    expect(await post(`${url}/preview`, { shipping_option: "by-pigeon" })).toMatchObject({ status: 400, body: { field: "shipping_option" } });
    expect(await post(`${url}/preview`, {})).toMatchObject({ status: 422, body: { error: "Nothing to change: the edit leaves the order as it is" } });
    expect(await post(url, { lines: [{ line_id: line.id, quantity: 3 }] })).toMatchObject({ status: 400, body: { field: "expected_total_cents" } });

    await t.deps.db.update(variants).set({ stock: 1 }).where(eq(variants.sku, DEARER));
    expect(await post(`${url}/preview`, { lines: [{ line_id: line.id, sku: DEARER }] })).toMatchObject({
      status: 409,
      body: { error: `Not enough stock of ${DEARER}: the change takes 2 more and 1 is on the shelf` },
    });
    await t.deps.db.update(variants).set({ stock: 20 }).where(eq(variants.sku, DEARER));

    // The total the preview showed is stale once the order changed: the edit is reviewed again.
    const stale = await post(url, { lines: [{ line_id: line.id, quantity: 3 }], expected_total_cents: order.totalCents });
    expect(stale).toMatchObject({ status: 409, body: { error: "The order changed since this preview; review the new difference", field: "expected_total_cents" } });

    await post(`/api/admin/orders/${order.number}/fulfil`, {});
    expect(await post(`${url}/preview`, { lines: [{ line_id: line.id, quantity: 3 }] })).toMatchObject({
      status: 409,
      body: { error: `Order ${order.number} is fulfilled; only a paid order that has not shipped can be changed` },
    });
    expect(await linesNow(order.id)).toMatchObject([{ quantity: 2, sku: SKU }]);
    expect(await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(orderEdits).where(eq(orderEdits.orderId, order.id))).toEqual([{ n: 0 }]);
  });
});

// Real concurrency needs real connections: PGlite runs one query at a time, so this runs on PostgreSQL only.
describe.skipIf(!usingPostgres())("edits racing on two instances (PostgreSQL)", () => {
  /** Both instances answer through their own app, provider and caches, over the one database. */
  const both = () => [t, secondInstance(t)] as const;

  const stockTakenBy = async (orderIds: number[]) => {
    const rows = await t.deps.db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds));
    return rows.reduce((sum, row) => sum + (row.sku === SKU ? row.quantity : 0), 0);
  };

  it("an edit and a shipment at once: the edit is saved before the shipment or refused after it, never both half-way", async () => {
    const placed = await Promise.all(Array.from({ length: 6 }, () => paidOrder(3)));
    const shelfBefore = (await stockOf(t, SKU)) + (await stockTakenBy(placed.map(({ order }) => order.id)));
    const [a, b] = both();
    const outcomes = await Promise.all(
      placed.map(async ({ order, line }, index) => {
        const change = { lines: [{ line_id: line.id, quantity: 2 }] };
        const preview = await post(`/api/admin/orders/${order.number}/edit/preview`, change);
        const [editor, shipper] = index % 2 === 0 ? [a, b] : [b, a];
        const [edited, shipped] = await Promise.all([
          editor.call("POST", `/api/admin/orders/${order.number}/edit`, { ...change, expected_total_cents: preview.body.totals!.total_cents }, staff),
          shipper.call("POST", `/api/admin/orders/${order.number}/fulfil`, {}, staff),
        ]);
        return { order, edited: edited.status, shipped: shipped.status, difference: preview.body.difference_cents! };
      }),
    );
    await Promise.all([a, b].map((instance) => (instance.deps.payments as SimulatedPaymentProvider).drain()));
    for (const { order, edited, shipped, difference } of outcomes) {
      expect(shipped).toBe(200);
      expect([200, 409]).toContain(edited);
      const now = await orderNow(order.id);
      expect(now.status).toBe("fulfilled");
      const made = await t.deps.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(made.map((row) => row.amountCents)).toEqual(edited === 200 ? [-difference] : []);
      expect((await linesNow(order.id))[0].quantity).toBe(edited === 200 ? 2 : 3);
    }
    // Every unit is on the shelf or in an order's lines, none lost or counted twice.
    expect((await stockOf(t, SKU)) + (await stockTakenBy(placed.map(({ order }) => order.id)))).toBe(shelfBefore);
  });

  it("two edits of one order at once, each on its own instance: one is saved, the other is told the order changed, one refund", async () => {
    const placed = await Promise.all(Array.from({ length: 4 }, () => paidOrder(4)));
    const shelfBefore = (await stockOf(t, SKU)) + (await stockTakenBy(placed.map(({ order }) => order.id)));
    const [a, b] = both();
    for (const { order, line } of placed) {
      const change = { lines: [{ line_id: line.id, quantity: 3 }] };
      const preview = await post(`/api/admin/orders/${order.number}/edit/preview`, change);
      const body = { ...change, expected_total_cents: preview.body.totals!.total_cents };
      const answers = await Promise.all([a, b, a, b].map((instance) => instance.call("POST", `/api/admin/orders/${order.number}/edit`, body, staff)));
      const said = await Promise.all(answers.map(async (answer) => [answer.status, ((await answer.json()) as Answer).error]));
      expect(said.sort()).toEqual([[200, undefined], ...Array.from({ length: 3 }, () => [409, "The order changed since this preview; review the new difference"])]);
      await Promise.all([a, b].map((instance) => (instance.deps.payments as SimulatedPaymentProvider).drain()));
      const made = await t.deps.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ status: "succeeded", amountCents: -preview.body.difference_cents! });
      expect(await t.deps.db.select().from(orderEdits).where(eq(orderEdits.orderId, order.id))).toHaveLength(1);
    }
    expect((await stockOf(t, SKU)) + (await stockTakenBy(placed.map(({ order }) => order.id)))).toBe(shelfBefore);
  });
  it("an edit and the customer's payment of the link it replaces, at once: paid once or refunded, never both, the balance asked once", async () => {
    const [a, b] = both();
    for (let round = 0; round < 5; round++) {
      const { order, line } = await paidOrder(2);
      const shelfBefore = (await stockOf(t, SKU)) + 2;
      const first = await edit(order.number!, { lines: [{ line_id: line.id, quantity: 3 }] });
      const token = decodeURIComponent(/\/pay\?token=(\S+)/.exec((await mailsTo(order.email, "order-payment-link"))[0].text)![1]);
      const change = { lines: [{ line_id: line.id, quantity: 4 }] };
      const preview = await post(`/api/admin/orders/${order.number}/edit/preview`, change);
      const [paid, edited] = await Promise.allSettled([
        payLinkWithCard(b.deps, t.deps.storeId, token, CARD).then(async (payment) => {
          await (b.deps.payments as SimulatedPaymentProvider).drain();
          return payment;
        }),
        a.call("POST", `/api/admin/orders/${order.number}/edit`, { ...change, expected_total_cents: preview.body.totals!.total_cents }, staff),
      ]);
      await Promise.all([a, b].map((instance) => (instance.deps.payments as SimulatedPaymentProvider).drain()));
      expect(edited.status === "fulfilled" && edited.value.status).toBe(200);
      const now = await orderNow(order.id);
      const links = await t.deps.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, order.id));
      const given = await t.deps.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      const byLink = new Map(links.flatMap((link) => (link.paymentReference ? [[link.paymentReference, link.amountCents] as const] : [])));
      const refundedOf = (rows: typeof given) => rows.reduce((sum, refund) => sum + (refund.amountCents ?? byLink.get(refund.paymentReference)!), 0);
      // An edit's refund lowers what the order kept; a late payment's refund gives back money the order never kept.
      const [editRefunds, lateRefunds] = [refundedOf(given.filter((r) => r.orderEditId !== null)), refundedOf(given.filter((r) => r.orderEditId === null))];
      const paidByLinks = links.filter((link) => link.status === "paid").reduce((sum, link) => sum + link.amountCents, 0);
      const open = links.filter((link) => link.status === "open");
      // What the order kept and what it still asks is its total: nothing charged twice or lost.
      expect(order.totalCents + paidByLinks - editRefunds + (open[0]?.amountCents ?? 0)).toBe(now.totalCents);
      expect(open).toHaveLength(1);
      expect(now.status).toBe("awaiting_payment");
      const cardTaken = paid.status === "fulfilled" && paid.value.status === "succeeded";
      // The first link was paid (and counts) or, paid after the edit replaced it, refunded whole.
      expect(paidByLinks + lateRefunds).toBe(cardTaken ? first.saved.balance_cents! : 0);
      expect((await stockOf(t, SKU)) + (await stockTakenBy([order.id]))).toBe(shelfBefore);
    }
  });
});
