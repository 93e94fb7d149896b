import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, secondInstance, type TestApp } from "../../tests/support/app";
import { stockOf } from "../../tests/support/checkout";
import { auditEvents, discounts, mailOutbox, orders, paymentLinks, refunds, variants } from "../db/schema";
import { TEST_CARDS, type SimulatedPaymentProvider } from "../payments/simulated";
import type { AuditActor } from "../audit/audit";
import { payLinkWithCard } from "../orders/payment-links";
import { createDraft, deleteDraft, getDraft, listDrafts, markPaid, sendInvoice, updateDraft, type DraftInput } from "./drafts";

const PUBLIC_URL = "https://shop.example.com";
const actor: AuditActor = { storeId: "demo", kind: "staff", id: 3, label: "owner@example.com" };
/** $54.00 and $14.00 in the catalogue; stock set in beforeAll. */
const KETTLE = "KETTLE-STEEL";
const TEA = "SENCHA-50G";
const CARD = { number: TEST_CARDS.succeeds, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: "123" };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  await t.deps.db.update(variants).set({ stock: 100 }).where(eq(variants.sku, KETTLE));
  await t.deps.db.update(variants).set({ stock: 100 }).where(eq(variants.sku, TEA));
});
afterAll(async () => {
  await t.database.dispose();
});

const drain = (app: TestApp = t) => (app.deps.payments as SimulatedPaymentProvider).drain();

/** A café's order: two kettles at the price agreed on the phone ($45.00), one tea at the catalogue's, 10 % off. */
const cafeOrder = (email = "cafe@example.com"): DraftInput => ({
  email,
  customerName: "Corner Café",
  address: { name: null, line1: "2 Harbor Way", line2: null, city: "Sacramento", state: "CA", postal_code: "95814", country: "US" },
  shippingOptionKey: "standard",
  shippingCentsOverride: null,
  lines: [
    { sku: KETTLE, quantity: 2, unitPriceCents: 4500 },
    { sku: TEA, quantity: 1, unitPriceCents: null },
  ],
  discount: { kind: "percent", percent: 10 },
});

const orderOf = async (id: number) => (await t.deps.db.select().from(orders).where(eq(orders.id, id)))[0];
const linkMailTo = (email: string) =>
  t.deps.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "order-payment-link")))
    .orderBy(asc(mailOutbox.id));
const tokenIn = (text: string) => decodeURIComponent(/\/pay\?token=([^\s"]+)/.exec(text)![1]);

describe("a draft order", () => {
  it("is priced by the quote with staff's unit price and discount, and holds no stock", async () => {
    const [kettles, tea] = [await stockOf(t, KETTLE), await stockOf(t, TEA)];
    const draft = await createDraft(t.deps, "demo", actor, cafeOrder());
    // 2 × $45.00 (staff's) + $14.00 = $104.00; 10 % off is $10.40; $93.60 is over the free-shipping threshold;
    // California's 7.25 % on the goods only: $6.786 → $6.79.
    expect(draft).toMatchObject({
      status: "draft",
      number: null,
      subtotalCents: 10400,
      discountCents: 1040,
      shippingCents: 0,
      taxCents: 679,
      totalCents: 10039,
      reservationExpiresAt: null,
    });
    expect([await stockOf(t, KETTLE), await stockOf(t, TEA)]).toEqual([kettles, tea]);

    const view = await getDraft(t.deps, "demo", draft.id);
    expect(view.summary.status).toBe("open");
    expect(view.lines.map((line) => [line.sku, line.unitPriceCents, line.cataloguePriceCents, line.priceOverridden, line.lineTotalCents])).toEqual([
      [KETTLE, 4500, 5400, true, 9000],
      [TEA, 1400, 1400, false, 1400],
    ]);
    expect(view.timeline.map((entry) => entry.text)).toEqual([`owner@example.com: Draft D${draft.id} built for Corner Café <cafe@example.com>: $100.39`]);
    const [audit] = await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.entity, "draft"), eq(auditEvents.entityId, String(draft.id))));
    expect(audit).toMatchObject({ action: "draft.create", actorLabel: "owner@example.com" });
  });

  it("is priced again on each change: a code, shipping typed by staff, the catalogue's price back", async () => {
    const draft = await createDraft(t.deps, "demo", actor, cafeOrder("changes@example.com"));
    const changed = await updateDraft(t.deps, "demo", actor, draft.id, {
      lines: [{ sku: KETTLE, quantity: 1, unitPriceCents: null }],
      discount: { kind: "code", code: "TENOFF" },
      shippingOptionKey: "express",
      shippingCentsOverride: 500,
    });
    // $54.00 − $10.00 = $44.00; staff's $5.00 shipping instead of $14.99; 7.25 % of $44.00 = $3.19.
    expect(changed).toMatchObject({ subtotalCents: 5400, discountCents: 1000, shippingCents: 500, taxCents: 319, totalCents: 5219, discountCode: "TENOFF" });
    const amountOff = await updateDraft(t.deps, "demo", actor, draft.id, { discount: { kind: "amount", amountCents: 250 }, shippingCentsOverride: null });
    // $54.00 − $2.50 = $51.50; express has no free-shipping threshold: $14.99; 7.25 % of $51.50 = $3.73.
    expect(amountOff).toMatchObject({ subtotalCents: 5400, discountCents: 250, shippingCents: 1499, taxCents: 373, totalCents: 7022, discountCode: null });
  });

  it("refuses what the shop cannot sell or price, naming the field, and changes nothing", async () => {
    const draft = await createDraft(t.deps, "demo", actor, cafeOrder("refused@example.com"));
    await expect(updateDraft(t.deps, "demo", actor, draft.id, { lines: [{ sku: "NOPE", quantity: 1, unitPriceCents: null }] })).rejects.toMatchObject({
      kind: "bad-input",
      field: "lines.0.sku",
    });
    await expect(updateDraft(t.deps, "demo", actor, draft.id, { discount: { kind: "code", code: "SOLDOUT" } })).rejects.toMatchObject({
      kind: "bad-input",
      field: "discount_code",
    });
    await expect(updateDraft(t.deps, "demo", actor, draft.id, { shippingOptionKey: "rocket" })).rejects.toMatchObject({ kind: "bad-input" });
    expect((await orderOf(draft.id)).totalCents).toBe(draft.totalCents);
  });

  it("emails a payment link that, paid by card, makes it an order holding its stock", async () => {
    const kettles = await stockOf(t, KETTLE);
    const draft = await createDraft(t.deps, "demo", actor, cafeOrder("paysbylink@example.com"));
    await sendInvoice(t.deps, "demo", actor, draft.id);
    expect((await getDraft(t.deps, "demo", draft.id)).summary.status).toBe("invoice_sent");
    const [mail] = await linkMailTo("paysbylink@example.com");
    expect(mail.subject).toBe("Payment of $100.39 for your order");
    expect(mail.text).toContain(`${PUBLIC_URL}/pay?token=`);
    expect(await stockOf(t, KETTLE)).toBe(kettles);

    const payment = await payLinkWithCard(t.deps, "demo", tokenIn(mail.text), CARD);
    expect(payment).toMatchObject({ status: "succeeded", amountCents: 10039 });
    await drain();
    const paid = await orderOf(draft.id);
    expect(paid.status).toBe("paid");
    expect(paid.number).toEqual(expect.any(Number));
    expect(await stockOf(t, KETTLE)).toBe(kettles - 2);
    const [summary] = (await listDrafts(t.deps.db, "demo")).filter((row) => row.id === draft.id);
    expect(summary).toMatchObject({ status: "paid", orderNumber: paid.number });
    await expect(updateDraft(t.deps, "demo", actor, draft.id, { shippingCentsOverride: 0 })).rejects.toMatchObject({ kind: "conflict" });
    await expect(deleteDraft(t.deps, "demo", actor, draft.id)).rejects.toMatchObject({ kind: "conflict" });
  });

  it("is marked paid by bank transfer with a note, and a change after the link was sent cancels the link", async () => {
    const tea = await stockOf(t, TEA);
    const draft = await createDraft(t.deps, "demo", actor, cafeOrder("transfer@example.com"));
    await sendInvoice(t.deps, "demo", actor, draft.id);
    await updateDraft(t.deps, "demo", actor, draft.id, { lines: [{ sku: TEA, quantity: 3, unitPriceCents: null }] });
    expect((await getDraft(t.deps, "demo", draft.id)).summary.status).toBe("open");

    const order = await markPaid(t.deps, "demo", actor, draft.id, { paid_with: "bank transfer", note: "Ref CAFE-0042" });
    expect(order).toMatchObject({ status: "paid", number: expect.any(Number) });
    expect(await stockOf(t, TEA)).toBe(tea - 3);
    const view = await getDraft(t.deps, "demo", draft.id);
    expect(view.timeline.map((entry) => entry.text).join("\n")).toContain("paid bank transfer (Ref CAFE-0042)");
    // The order's confirmation goes to the customer as for any paid order.
    const confirmations = await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.orderId, draft.id), eq(mailOutbox.kind, "order-confirmation")));
    expect(confirmations).toHaveLength(1);
  });

  it("is deleted while nobody has paid it, with its link", async () => {
    const draft = await createDraft(t.deps, "demo", actor, cafeOrder("deleted@example.com"));
    await sendInvoice(t.deps, "demo", actor, draft.id);
    const [mail] = await linkMailTo("deleted@example.com");
    await deleteDraft(t.deps, "demo", actor, draft.id);
    expect(await orderOf(draft.id)).toBeUndefined();
    await expect(payLinkWithCard(t.deps, "demo", tokenIn(mail.text), CARD)).rejects.toMatchObject({ kind: "bad-input" });
    await expect(getDraft(t.deps, "demo", draft.id)).rejects.toMatchObject({ kind: "not-found" });
  });
});

const redemptionsOf = async (code: string) => (await t.deps.db.select().from(discounts).where(eq(discounts.code, code)))[0].redemptions;

describe("a draft paid by its link and marked paid at once, on two instances", () => {
  it("is paid once, holds its stock once and counts its code once; the late card payment is owed back", async () => {
    const other = secondInstance(t);
    for (let round = 0; round < 3; round++) {
      const kettles = await stockOf(t, KETTLE);
      const used = await redemptionsOf("TENOFF");
      const draft = await createDraft(t.deps, "demo", actor, { ...cafeOrder(`race${round}@example.com`), discount: { kind: "code", code: "TENOFF" } });
      expect(await redemptionsOf("TENOFF")).toBe(used);
      await sendInvoice(t.deps, "demo", actor, draft.id);
      const [mail] = await linkMailTo(`race${round}@example.com`);
      const [byCard, byStaff] = await Promise.allSettled([
        payLinkWithCard(t.deps, "demo", tokenIn(mail.text), CARD),
        markPaid(other.deps, "demo", actor, draft.id, { paid_with: "cash", note: "paid at the counter" }),
      ]);
      await Promise.all([drain(t), drain(other)]);
      const order = await orderOf(draft.id);
      expect(order.status).toBe("paid");
      expect(await stockOf(t, KETTLE)).toBe(kettles - 2);
      expect(await redemptionsOf("TENOFF")).toBe(used + 1);
      const links = await t.deps.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, draft.id));
      expect(links.filter((link) => link.status === "paid")).toHaveLength(1);
      const charged = byCard.status === "fulfilled" && byCard.value.status === "succeeded";
      const settledByCard = links.some((link) => link.status === "paid" && link.paidWith === "card");
      const owedBack = await t.deps.db.select().from(refunds).where(eq(refunds.orderId, draft.id));
      // A card charge that did not settle the draft goes back whole; one that settled it is the order's payment.
      expect(owedBack.length).toBe(charged && !settledByCard ? 1 : 0);
      if (byStaff.status === "rejected") expect(settledByCard).toBe(true);
    }
  });
});
