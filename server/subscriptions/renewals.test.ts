import { addDays, addHours, addWeeks } from "date-fns";
import { and, desc, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, secondInstance, type TestApp } from "../../tests/support/app";
import { ADDRESS, orderRow, payWithCard, stockOf, type Submitted } from "../../tests/support/checkout";
import { invoices, mailOutbox, orderLines, orders, simulatedPayments, subscriptionEvents, subscriptionLines, subscriptions, variants } from "../db/schema";
import { DEMO } from "../db/seed";
import { MIXED_PLANS_MESSAGE } from "../../core/subscriptions";
import { TEST_CARDS, type SimulatedPaymentProvider } from "../payments/simulated";
import { ordersCommand } from "../commands/orders";
import { subscriptionsCommand } from "../commands/subscriptions";
import { cancel, changeAddress, changeFrequency, changeLine, pause, previewAddress, replaceCard, resume, skipNext, skipRenewalOf } from "./changes";
import { deliveryPlan, subscriptionFigures, viewSubscription } from "./desk";
import { sendRenewalReminders } from "./reminders";
import { renewDue } from "./renewals";
import { applyPaymentEvent } from "./payment-events";
import { commandLineActor } from "../audit/audit";
import { changeStoreSettings } from "../store/settings";

const { sku: BLEND, everyTwoWeeks } = DEMO.subscriptions.houseBlend;
/** Bought once beside the subscription. */
const FILTERS = "FILT-100";
const subscriber = { kind: "subscriber" } as const;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Every test subscribes and renews: the shelf is stocked for all of them.
  await t.deps.db.update(variants).set({ stock: 1000 }).where(inArray(variants.sku, [BLEND, FILTERS]));
});
afterAll(() => t.database.close());

const drain = () => (t.deps.payments as SimulatedPaymentProvider).drain();

let attempts = 0;
/** Two bags of the house blend every two weeks and a pack of filters once, paid with `card` through the simulated form. */
async function subscribe(email: string, card: string = TEST_CARDS.succeeds) {
  const cartItems = [
    { kind: "product", sku: BLEND, quantity: 2, subscription: { subscription_id: everyTwoWeeks } },
    { kind: "product", sku: FILTERS, quantity: 1 },
  ];
  const saved = await t.call("POST", "/api/cart-items", { cartItems });
  const cookie = saved.headers.getSetCookie()[0].split(";")[0];
  const payload = {
    address: ADDRESS,
    shipping_option: "standard",
    email,
    store_id: "demo",
    fullName: "Sue Scriber",
    checkout_items: [
      { quantity: 2, sku: BLEND, subscription: everyTwoWeeks },
      { quantity: 1, sku: FILTERS },
    ],
    idempotency_key: `attempt-${++attempts}-${email}`,
  };
  const response = await t.call("POST", "/api/stripe/confirm_subscription", payload, { cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  const submitted = (await response.json()) as Submitted;
  await payWithCard(t, submitted.client_secret, card);
  await drain();
  const [subscription] = await t.deps.db.select().from(subscriptions).where(eq(subscriptions.firstOrderId, submitted.order_id));
  return { submitted, subscription };
}

/** What the checkout would charge now for the recurring lines alone, delivered to the same address. */
async function freshQuote(sku = BLEND, option = everyTwoWeeks, quantity = 2, address = ADDRESS) {
  const cartItems = [{ kind: "product", sku, quantity, subscription: { subscription_id: option } }];
  const saved = await t.call("POST", "/api/cart-items", { cartItems });
  const cookie = saved.headers.getSetCookie()[0].split(";")[0];
  const response = await t.call(
    "POST",
    "/api/stripe/preview_tax_and_shipping",
    { address, shipping_option: "standard", email: "quote@example.com", store_id: "demo", fullName: "Quote", checkout_items: [{ quantity, sku, subscription: option }] },
    { cookie },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { price_info: { subtotal: number; shipping: number; tax: number; total: number } }).price_info;
}

const renewalsOf = async (subscriptionId: number) =>
  t.deps.db
    .select()
    .from(orders)
    .where(and(like(orders.idempotencyKey, "renewal:%"), eq(orders.email, (await current(subscriptionId)).email)))
    .orderBy(desc(orders.id));

const current = async (id: number) => (await t.deps.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];

const mailsTo = (to: string, kind: string) =>
  t.deps.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)));

async function renewAt(asOf: Date) {
  const run = await renewDue(t.deps, asOf);
  await drain();
  return run;
}

describe("a subscription bought on the simulated provider", () => {
  it("starts a record with its plan, address and card, then renews on schedule priced by a fresh quote, once per cycle", async () => {
    const { submitted, subscription } = await subscribe("renew@example.com");
    const first = await orderRow(t, submitted.order_id);
    expect(subscription).toMatchObject({ status: "active", interval: 2, intervalUnit: "week", cardBrand: "Visa", cardLast4: "4242", email: "renew@example.com" });
    expect(subscription.nextRenewalAt.getTime()).toBe(addWeeks(first.paidAt!, 2).getTime());

    // Nothing is due before its date.
    expect((await renewAt(addHours(subscription.nextRenewalAt, -1))).charged).toBe(0);
    const stock = await stockOf(t, BLEND);
    const run = await renewAt(addHours(subscription.nextRenewalAt, 1));
    expect(run.charged).toBe(1);
    const [renewal] = await renewalsOf(subscription.id);
    const fresh = await freshQuote();
    expect(renewal).toMatchObject({
      status: "paid",
      subtotalCents: 2 * 1440,
      shippingCents: fresh.shipping,
      taxCents: fresh.tax,
      totalCents: fresh.total,
      shippingAddress: first.shippingAddress,
    });
    const lines = await t.deps.db.select().from(orderLines).where(eq(orderLines.orderId, renewal.id));
    expect(lines).toMatchObject([{ sku: BLEND, quantity: 2, unitPriceCents: 1440, lineTotalCents: 2880, subscriptionId: everyTwoWeeks }]);
    expect(await stockOf(t, BLEND)).toBe(stock - 2);
    expect(await mailsTo("renew@example.com", "order-confirmation")).toHaveLength(2);
    // Invoiced like any paid order, in the transaction that made it (decision 0055).
    const [invoice] = await t.deps.db.select().from(invoices).where(eq(invoices.orderId, renewal.id));
    expect(invoice).toMatchObject({ kind: "invoice", totalCents: renewal.totalCents });
    expect((await current(subscription.id)).nextRenewalAt.getTime()).toBe(addWeeks(subscription.nextRenewalAt, 2).getTime());

    // The same clock again, or the provider's event replayed, makes no second order.
    expect((await renewAt(addHours(subscription.nextRenewalAt, 1))).charged).toBe(0);
    const replay = { id: "evt_replayed_renewal", type: "subscription.renewed" as const, paymentId: subscription.paymentReference, renewalPaymentId: renewal.paymentReference!, amountCents: renewal.totalCents };
    expect(await applyPaymentEvent(t.deps, replay)).toBe("duplicate");
    expect(await applyPaymentEvent(t.deps, replay)).toBe("duplicate");
    expect(await renewalsOf(subscription.id)).toHaveLength(1);
    expect(await t.deps.db.select().from(invoices).where(eq(invoices.orderId, renewal.id))).toEqual([invoice]);
    const view = await viewSubscription(t.deps, "demo", subscription.id);
    expect(view.orders.map((order) => order.number)).toEqual([renewal.number, first.number]);
    expect(view.timeline.map((entry) => entry.kind)).toEqual(["started", "renewed"]);
  });

  it("makes one order per cycle when two instances renew at once, each several times", async () => {
    const { subscription } = await subscribe("instances@example.com");
    const other = secondInstance(t);
    const asOf = addHours(subscription.nextRenewalAt, 1);
    await Promise.all([renewDue(t.deps, asOf), renewDue(other.deps, asOf), renewDue(t.deps, asOf), renewDue(other.deps, asOf)]);
    await Promise.all([drain(), (other.deps.payments as SimulatedPaymentProvider).drain()]);
    const [renewal, ...more] = await renewalsOf(subscription.id);
    expect(more).toEqual([]);
    expect(renewal.status).toBe("paid");
    expect(await mailsTo("instances@example.com", "order-confirmation")).toHaveLength(2);
    const charges = await t.deps.db.select().from(simulatedPayments).where(like(simulatedPayments.idempotencyKey, "renewal:%"));
    expect(charges.filter((charge) => charge.metadata.subscription_id === String(subscription.id))).toHaveLength(1);
  });

  it("ends with its first order: cancelled and refunded, it never renews", async () => {
    const { submitted, subscription } = await subscribe("given-back@example.com");
    const first = await orderRow(t, submitted.order_id);
    expect(await ordersCommand(t.deps, "demo", ["cancel", String(first.number)])).toContain("cancelled and refunded");
    await drain();
    await renewAt(addHours(subscription.nextRenewalAt, 1));
    expect(await current(subscription.id)).toMatchObject({ status: "cancelled", cancelReason: "Its first order was given back" });
    expect(await renewalsOf(subscription.id)).toHaveLength(0);
  });

  it("the owner's command renews what is due by the date given, and refuses a date it cannot read", async () => {
    const { subscription } = await subscribe("command@example.com");
    const day = addDays(subscription.nextRenewalAt, 1).toISOString().slice(0, 10);
    const printed = await subscriptionsCommand(t.deps, "demo", ["renew-due", "--as-of", day]);
    await drain();
    expect(printed).toMatch(/charged [1-9]/);
    expect(await renewalsOf(subscription.id)).toHaveLength(1);
    await expect(subscriptionsCommand(t.deps, "demo", ["renew-due", "--as-of", "next tuesday"])).rejects.toThrow('--as-of must be a date such as 2026-12-24, not "next tuesday".');
  });

  it("retries a declined renewal 1, 3 and 7 days on with an email each time, then is past due; a new card is charged at once", async () => {
    const { subscription } = await subscribe("decline@example.com");
    await replaceCard(t.deps, "demo", subscription.id, subscriber, { number: TEST_CARDS.chargesDeclined, expMonth: 12, expYear: 2030, cvc: "123" });
    expect(await current(subscription.id)).toMatchObject({ cardLast4: "0341" });
    const due = subscription.nextRenewalAt;
    await renewAt(addHours(due, 1));
    expect(await mailsTo("decline@example.com", "subscription-declined")).toHaveLength(1);
    for (const days of [1, 3]) await renewAt(addHours(addDays(due, days), 2));
    expect(await mailsTo("decline@example.com", "subscription-declined")).toHaveLength(3);
    expect((await current(subscription.id)).status).toBe("active");
    await renewAt(addHours(addDays(due, 7), 2));
    expect((await current(subscription.id)).status).toBe("past_due");
    expect(await mailsTo("decline@example.com", "subscription-past-due")).toHaveLength(1);
    expect(await renewalsOf(subscription.id)).toHaveLength(0);
    // Nothing more is tried while it is past due.
    await renewAt(addDays(due, 30));
    expect(await mailsTo("decline@example.com", "subscription-declined")).toHaveLength(3);

    await expect(resume(t.deps, "demo", subscription.id, subscriber)).rejects.toMatchObject({ kind: "rule-broken" });
    await expect(
      replaceCard(t.deps, "demo", subscription.id, subscriber, { number: TEST_CARDS.declined, expMonth: 12, expYear: 2030, cvc: "123" }),
    ).rejects.toThrow("Your card was declined.");
    await replaceCard(t.deps, "demo", subscription.id, subscriber, { number: TEST_CARDS.succeeds, expMonth: 12, expYear: 2030, cvc: "123" });
    await drain();
    expect(await current(subscription.id)).toMatchObject({ status: "active", cardLast4: "4242" });
    expect(await renewalsOf(subscription.id)).toHaveLength(1);
  });
});

describe("a cart of subscriptions on different schedules", () => {
  it("is refused before anything is held: one subscription renews on one schedule", async () => {
    const tea = DEMO.subscriptions.breakfastTea;
    const cartItems = [
      { kind: "product", sku: BLEND, quantity: 2, subscription: { subscription_id: everyTwoWeeks } },
      { kind: "product", sku: tea.sku, quantity: 1, subscription: { subscription_id: tea.monthly } },
    ];
    const saved = await t.call("POST", "/api/cart-items", { cartItems });
    const stock = await stockOf(t, BLEND);
    const response = await t.call(
      "POST",
      "/api/stripe/confirm_subscription",
      {
        address: ADDRESS,
        shipping_option: "standard",
        email: "mixed@example.com",
        store_id: "demo",
        fullName: "Mix Ed",
        checkout_items: [
          { quantity: 2, sku: BLEND, subscription: everyTwoWeeks },
          { quantity: 1, sku: tea.sku, subscription: tea.monthly },
        ],
      },
      { cookie: saved.headers.getSetCookie()[0].split(";")[0] },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: expect.stringContaining(MIXED_PLANS_MESSAGE) });
    expect(await stockOf(t, BLEND)).toBe(stock);
  });
});

describe("what the subscriber changes", () => {
  it("skips, pauses, resumes, changes frequency, grind, quantity and address, and cancels, each confirmed by email", async () => {
    const { subscription } = await subscribe("changes@example.com");
    const id = subscription.id;
    const skipped = await skipNext(t.deps, "demo", id, subscriber);
    expect(skipped.nextRenewalAt.getTime()).toBe(addWeeks(subscription.nextRenewalAt, 2).getTime());

    await pause(t.deps, "demo", id, subscriber, null);
    expect((await current(id)).status).toBe("paused");
    await renewAt(addDays(skipped.nextRenewalAt, 1));
    expect(await renewalsOf(id)).toHaveLength(0);
    await resume(t.deps, "demo", id, subscriber);
    expect((await current(id)).status).toBe("active");

    await changeFrequency(t.deps, "demo", id, subscriber, { interval: 1, intervalUnit: "month" });
    const lines = (await viewSubscription(t.deps, "demo", id)).items;
    expect(await current(id)).toMatchObject({ interval: 1, intervalUnit: "month" });
    const otherGrind = lines[0].variants.find((variant) => variant.sku !== BLEND);
    expect(otherGrind).toBeDefined();
    await changeLine(t.deps, "demo", id, subscriber, lines[0].id, { sku: otherGrind!.sku, quantity: 3 });
    await expect(changeLine(t.deps, "demo", id, subscriber, lines[0].id, { sku: FILTERS, quantity: 1 })).rejects.toMatchObject({ kind: "bad-input", field: "sku" });
    await expect(changeLine(t.deps, "demo", id, subscriber, lines[0].id, { sku: BLEND, quantity: 100 })).rejects.toMatchObject({ field: "quantity" });

    const moved = { line1: "9 Pine Rd", city: "Portland", state: "OR", postal_code: "97201", country: "US" };
    const preview = await previewAddress(t.deps, "demo", id, { address: moved });
    expect(preview.taxCents).toBe(0);
    await changeAddress(t.deps, "demo", id, subscriber, { address: moved });
    expect((await current(id)).shippingAddress).toMatchObject({ line1: "9 Pine Rd", state: "OR", name: "Sue Scriber" });

    await cancel(t.deps, "demo", id, subscriber, "Too much coffee");
    expect(await current(id)).toMatchObject({ status: "cancelled", cancelReason: "Too much coffee" });
    await renewAt(addDays((await current(id)).nextRenewalAt, 1));
    expect(await renewalsOf(id)).toHaveLength(0);
    const confirmations = await mailsTo("changes@example.com", "subscription-changed");
    expect(confirmations).toHaveLength(7);
    expect(confirmations.every((mail) => /\/subscriptions\/manage\?token=/.test(mail.text))).toBe(true);
    const events = await t.deps.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, id));
    expect(events.map((event) => event.kind)).toEqual(["started", "skip", "pause", "resume", "frequency", "item", "address", "cancel"]);
  });

  it("racing a renewal on another instance, a change of item or a skip is whole on one side of it: the order is what was charged", async () => {
    const other = secondInstance(t);
    for (let round = 0; round < 3; round++) {
      const { subscription } = await subscribe(`race${round}@example.com`);
      const id = subscription.id;
      const cycle = subscription.nextRenewalAt;
      const [line] = (await viewSubscription(t.deps, "demo", id)).items;
      await Promise.all([
        renewDue(t.deps, addHours(cycle, 1)),
        changeLine(other.deps, "demo", id, subscriber, line.id, { sku: BLEND, quantity: 3 }),
        skipNext(other.deps, "demo", id, subscriber),
      ]);
      await Promise.all([drain(), (other.deps.payments as SimulatedPaymentProvider).drain()]);
      const renewals = await renewalsOf(id);
      expect(renewals.length).toBeLessThanOrEqual(1);
      const charges = (await t.deps.db.select().from(simulatedPayments).where(like(simulatedPayments.idempotencyKey, "renewal:%"))).filter(
        (charge) => charge.metadata.subscription_id === String(id),
      );
      expect(charges).toHaveLength(renewals.length);
      // Renewed, then the skip took the cycle after; or skipped first, and this cycle made nothing.
      expect((await current(id)).nextRenewalAt.getTime()).toBe(addWeeks(cycle, renewals.length === 1 ? 4 : 2).getTime());
      if (renewals.length === 1) {
        const [renewal] = renewals;
        const [renewed] = await t.deps.db.select().from(orderLines).where(eq(orderLines.orderId, renewal.id));
        expect([2, 3]).toContain(renewed.quantity);
        expect(renewed.lineTotalCents).toBe(renewed.quantity * 1440);
        expect(charges[0].amountCents).toBe(renewal.totalCents);
        expect(renewal.subtotalCents).toBe(renewed.lineTotalCents);
      }
      expect((await t.deps.db.select().from(subscriptionLines).where(eq(subscriptionLines.subscriptionId, id)))[0].quantity).toBe(3);
    }
  });

  it("reminds once before each renewal with a one-click skip of that renewal only", async () => {
    const { subscription } = await subscribe("remind@example.com");
    const early = addDays(subscription.nextRenewalAt, -5);
    await sendRenewalReminders(t.deps, early);
    expect(await mailsTo("remind@example.com", "subscription-reminder")).toHaveLength(0);
    const inTime = addDays(subscription.nextRenewalAt, -2);
    await sendRenewalReminders(t.deps, inTime);
    await sendRenewalReminders(t.deps, inTime);
    const [reminder, ...more] = await mailsTo("remind@example.com", "subscription-reminder");
    expect(more).toEqual([]);
    expect(reminder.text).toMatch(/Skip this delivery: http\S+\/subscriptions\/skip\?token=/);
    expect(await skipRenewalOf(t.deps, "demo", subscription.id, subscription.nextRenewalAt.getTime())).toBe("skipped");
    expect(await skipRenewalOf(t.deps, "demo", subscription.id, subscription.nextRenewalAt.getTime())).toBe("already");
    expect((await current(subscription.id)).nextRenewalAt.getTime()).toBe(addWeeks(subscription.nextRenewalAt, 2).getTime());
  });
});

describe("the owner's figures and plan", () => {
  it("counts active subscriptions and their monthly revenue, and plans the next 14 days per day and variant", async () => {
    const { subscription } = await subscribe("plan@example.com");
    const figures = await subscriptionFigures(t.deps.db, "demo");
    expect(figures.byStatus.active).toBeGreaterThanOrEqual(1);
    expect(figures.monthlyRecurringCents).toBeGreaterThan(0);
    const plan = await deliveryPlan(t.deps.db, "demo", addDays(subscription.nextRenewalAt, -1));
    const day = plan.days.find((entry) => entry.day === subscription.nextRenewalAt.toISOString().slice(0, 10));
    expect(day?.items.find((item) => item.sku === BLEND)?.quantity).toBeGreaterThanOrEqual(2);
  });
});

describe("in the shop's time zone (decision 0068)", () => {
  // Auckland left daylight saving on Sunday 4 April 2027 (03:00 NZDT became 02:00 NZST): that day ran 25 hours, from
  // 11:00 UTC on the 3rd to 12:00 UTC on the 4th. Last in the file: the zone is the demo shop's from here on.
  const inZone = (timeZone: string) => changeStoreSettings(t.deps.db, commandLineActor("demo"), { timeZone });
  // 01:30 on Monday 5 April in Auckland, still Sunday 4 April in UTC.
  const DUE = new Date("2027-04-04T13:30:00Z");

  it("names, plans, lists and renews a renewal on the shop's day, charged once however the zone changes", async () => {
    // The earlier tests' subscriptions end here, so the plan and the runs below hold this one alone.
    await t.deps.db.update(subscriptions).set({ status: "cancelled" });
    const { subscription } = await subscribe("auckland@example.com");
    await t.deps.db.update(subscriptions).set({ nextRenewalAt: DUE }).where(eq(subscriptions.id, subscription.id));
    await inZone("Pacific/Auckland");

    await sendRenewalReminders(t.deps, addDays(DUE, -2));
    const [reminder] = await mailsTo("auckland@example.com", "subscription-reminder");
    expect(reminder.subject).toBe("Your next delivery is on Monday, April 5, 2027");

    const plan = await deliveryPlan(t.deps.db, "demo", new Date("2027-04-04T10:00:00Z"));
    expect(plan.timeZone).toBe("Pacific/Auckland");
    expect(plan.days.map((day) => day.day)).toEqual(["2027-04-05"]);

    const listed = await subscriptionsCommand(t.deps, "demo", ["list"]);
    expect(listed).toMatch(new RegExp(`#${subscription.id} .*next 2027-04-05`));

    // Sunday 4 April ends in Auckland at 12:00 UTC, before the renewal is due: a day of the shop's, not a UTC day.
    expect(await subscriptionsCommand(t.deps, "demo", ["renew-due", "--as-of", "2027-04-04"])).toMatch(/^Renewals due by 2027-04-04 23:59 GMT\+12:/);
    await drain();
    expect(await renewalsOf(subscription.id)).toHaveLength(0);
    await subscriptionsCommand(t.deps, "demo", ["renew-due", "--as-of", "2027-04-05"]);
    await drain();
    expect(await renewalsOf(subscription.id)).toHaveLength(1);

    // The same cycle run again in another zone, whose 5 April ends later: the cycle's claim holds, nothing more is charged.
    await inZone("America/Los_Angeles");
    await subscriptionsCommand(t.deps, "demo", ["renew-due", "--as-of", "2027-04-05"]);
    await drain();
    expect(await renewalsOf(subscription.id)).toHaveLength(1);
    await expect(subscriptionsCommand(t.deps, "demo", ["renew-due", "--as-of", "2027-02-30"])).rejects.toThrow('--as-of must be a date such as 2026-12-24, not "2027-02-30".');
    await inZone("Pacific/Auckland");
  });

  it("pauses until the shop's midnight beginning the day chosen, across the day the clocks go back, and resumes then", async () => {
    const { subscription } = await subscribe("auckland-pause@example.com");
    const paused = await pause(t.deps, "demo", subscription.id, subscriber, "2027-04-04");
    // Midnight at the start of 4 April is still daylight time, UTC+13.
    expect(paused.pausedUntil?.toISOString()).toBe("2027-04-03T11:00:00.000Z");
    await resume(t.deps, "demo", subscription.id, subscriber);
    const again = await pause(t.deps, "demo", subscription.id, subscriber, "2027-04-05");
    // 25 hours later: midnight at the start of 5 April is standard time, UTC+12.
    expect(again.pausedUntil?.toISOString()).toBe("2027-04-04T12:00:00.000Z");
    const [email] = (await mailsTo("auckland-pause@example.com", "subscription-changed")).filter((mail) => mail.text.includes("Paused until Monday"));
    expect(email.text).toContain("Paused until Monday, April 5, 2027.");
    await renewAt(new Date("2027-04-04T11:59:00Z"));
    expect((await current(subscription.id)).status).toBe("paused");
    await renewAt(new Date("2027-04-04T12:00:00Z"));
    expect((await current(subscription.id)).status).toBe("active");
  });
});
