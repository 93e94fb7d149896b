/**
 * The owner's discount terms as the shopper meets them: each code is made with the back office's editor and then
 * used through the shop's own cart and checkout API, so what is tested is what the shop applies.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiscountInput } from "../../core/schemas/admin-discounts";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { SKU, asBrowserOf, checkoutDetails, payWithCard, startCheckout, submitOrder } from "../../tests/support/checkout";
import { namedError } from "../../tests/support/errors";
import { serverTimeZone, shopDate } from "../../core/shop-time";
import { discountForBuyer, discountWindow, ONCE_PER_CUSTOMER_MESSAGE } from "../cart/discounts";
import { changeStoreSettings } from "../store/settings";
import { priceCart } from "../cart/pricing";
import { auditEvents, discounts } from "../db/schema";
import { commandLineActor } from "../audit/audit";
import { changeDiscountStatus, createDiscount, getDiscountRecord, getWelcomeOffer, setWelcomeOffer, stateOf, updateDiscount } from "./discount-editor";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.database.dispose();
});

const owner = () => commandLineActor(t.deps.storeId);
const DAY = 24 * 60 * 60 * 1000;
/** A day `days` from today, the shop's own (the test shop keeps the server's zone until a test sets another). */
const inDays = (days: number) => shopDate(new Date(Date.now() + days * DAY), serverTimeZone());

const terms = (code: string, extra: Partial<DiscountInput> = {}): DiscountInput => ({
  code,
  type: "percentage",
  percentage: 20,
  max_discount_cents: null,
  amount_cents: null,
  free_shipping: false,
  max_redemptions: 100,
  starts_on: null,
  ends_on: null,
  minimum_subtotal_cents: null,
  once_per_customer: false,
  applies_to_renewals: false,
  ...extra,
});

/** The checkout's preview of `bags` bags at $16 with the code, as the checkout page asks for it. */
async function preview(code: string, bags: number, email = "shopper@example.com") {
  const { sessionId } = await startCheckout(t, bags);
  const response = await t.call("POST", "/api/stripe/preview_tax", checkoutDetails(sessionId, { discount_code: code, email }), asBrowserOf(sessionId));
  const body = (await response.json()) as { price_info?: Record<string, number>; error?: string; field?: string };
  return { status: response.status, priceInfo: body.price_info, refusal: namedError(body) };
}

const drawerLookup = async (code: string) => {
  const response = await t.call("GET", `/api/discount/${code}?store_id=${t.deps.storeId}`);
  return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown> } };
};

async function paidOrderWith(code: string, email: string, bags = 2) {
  const { sessionId } = await startCheckout(t, bags);
  const submitted = await submitOrder(t, sessionId, { discount_code: code, email });
  expect(submitted.status).toBe(200);
  await payWithCard(t, submitted.body.client_secret);
  return submitted.body;
}

describe("discount terms the owner sets, at the shop", () => {
  it("takes 20 % off, capped at $15, and matches the code whatever its case", async () => {
    await createDiscount(t.deps.db, owner(), terms("Spring20", { max_discount_cents: 1500 }));
    // $48 of goods: 20 % is $9.60, below the cap.
    expect((await preview("spring20", 3)).priceInfo).toMatchObject({ subtotal: 4800, discount: 960 });
    // $96 of goods: 20 % would be $19.20; the cap holds it at $15.
    expect((await preview("SPRING20", 6)).priceInfo).toMatchObject({ subtotal: 9600, discount: 1500 });
  });

  it("gives a fixed amount, and free shipping on its own", async () => {
    await createDiscount(t.deps.db, owner(), terms("FIVEOFF", { type: "fixed_amount", percentage: null, amount_cents: 500 }));
    await createDiscount(t.deps.db, owner(), terms("SHIPFREE", { type: "free_shipping", percentage: null }));
    expect((await preview("FIVEOFF", 2)).priceInfo).toMatchObject({ subtotal: 3200, discount: 500, shipping: 599 });
    expect((await preview("SHIPFREE", 2)).priceInfo).toMatchObject({ subtotal: 3200, discount: 0, shipping: 0 });
  });

  it("takes nothing below the minimum subtotal: the drawer shows no saving and the checkout says what is needed", async () => {
    await createDiscount(t.deps.db, owner(), terms("BIGBASKET", { minimum_subtotal_cents: 5000 }));
    const lookup = await drawerLookup("BIGBASKET");
    expect(lookup.body.data).toMatchObject({ code: "BIGBASKET", minimum_subtotal: 50 });
    expect(await preview("BIGBASKET", 3)).toMatchObject({ status: 400, refusal: "discount_code: This code needs an order of at least $50.00" });
    expect((await preview("BIGBASKET", 4)).priceInfo).toMatchObject({ subtotal: 6400, discount: 1280 });
    // The cart's own pricing (the drawer's totals) applies the same rule.
    const bags = (quantity: number) => [{ kind: "product" as const, sku: SKU, subscription: null, quantity }];
    expect(await priceCart(t.deps.db, t.deps.storeId, bags(3), "BIGBASKET")).toMatchObject({ subtotalCents: 4800, discountCents: 0 });
    expect(await priceCart(t.deps.db, t.deps.storeId, bags(4), "BIGBASKET")).toMatchObject({ subtotalCents: 6400, discountCents: 1280 });
  });

  it("works only between its start and its end", async () => {
    await createDiscount(t.deps.db, owner(), terms("LATER", { starts_on: inDays(1) }));
    await createDiscount(t.deps.db, owner(), terms("BYGONE", { starts_on: inDays(-10), ends_on: inDays(-1) }));
    await createDiscount(t.deps.db, owner(), terms("NOWISH", { starts_on: inDays(-1), ends_on: inDays(1) }));
    expect((await preview("LATER", 2)).refusal).toBe("discount_code: Invalid discount code");
    expect((await preview("BYGONE", 2)).refusal).toBe("discount_code: Invalid discount code");
    expect((await drawerLookup("LATER")).status).not.toBe(200);
    expect((await preview("NOWISH", 2)).priceInfo).toMatchObject({ discount: 640 });
    const later = await t.deps.db.select().from(discounts).where(eq(discounts.code, "LATER"));
    expect((await getDiscountRecord(t.deps.db, t.deps.storeId, later[0].id)).state).toBe("scheduled");
  });

  it("works from the shop's midnight of its first day to the end of its last in the shop's zone, a 23-hour day included", async () => {
    // Los Angeles moves its clocks forward on Sunday 14 March 2027: that day runs 08:00 to 07:00 UTC.
    await changeStoreSettings(t.deps.db, owner(), { timeZone: "America/Los_Angeles" });
    try {
      const code = await createDiscount(t.deps.db, owner(), terms("SPRINGDAY", { starts_on: "2027-03-14", ends_on: "2027-03-14" }));
      expect([code.startsAt?.toISOString(), code.endsAt?.toISOString()]).toEqual(["2027-03-14T08:00:00.000Z", "2027-03-15T07:00:00.000Z"]);
      const works = async (at: string) => "discount" in (await discountForBuyer(t.deps.db, t.deps.storeId, "springday", null, new Date(at)));
      expect(await works("2027-03-14T07:59:59Z")).toBe(false); // 13 March, 23:59:59 PST
      expect(await works("2027-03-14T08:00:00Z")).toBe(true);
      expect(await works("2027-03-15T06:59:59Z")).toBe(true); // still the 14th in Los Angeles, the 15th in UTC
      expect(await works("2027-03-15T07:00:00Z")).toBe(false);
      const [row] = await t.deps.db.select().from(discounts).where(eq(discounts.id, code.id));
      expect(stateOf(row, new Date("2027-03-14T07:59:59Z"), "America/Los_Angeles")).toBe("scheduled");
      expect(stateOf(row, new Date("2027-03-15T07:00:00Z"), "America/Los_Angeles")).toBe("expired");
      // Auckland is a day ahead: the same days are other moments there, which the one reading follows.
      expect(discountWindow(row, "Pacific/Auckland")).toEqual({ start: new Date("2027-03-13T11:00:00Z"), end: new Date("2027-03-14T11:00:00Z") });
    } finally {
      await changeStoreSettings(t.deps.db, owner(), { timeZone: serverTimeZone() });
    }
  });

  it("stops while paused, works again when resumed, and stays ended", async () => {
    const code = await createDiscount(t.deps.db, owner(), terms("NAPTIME"));
    await changeDiscountStatus(t.deps.db, owner(), code.id, "pause");
    expect((await preview("NAPTIME", 2)).refusal).toBe("discount_code: Invalid discount code");
    expect((await drawerLookup("NAPTIME")).status).not.toBe(200);
    await changeDiscountStatus(t.deps.db, owner(), code.id, "resume");
    expect((await preview("NAPTIME", 2)).priceInfo).toMatchObject({ discount: 640 });
    const ended = await changeDiscountStatus(t.deps.db, owner(), code.id, "end");
    expect(ended.state).toBe("ended");
    expect((await preview("NAPTIME", 2)).refusal).toBe("discount_code: Invalid discount code");
    await expect(changeDiscountStatus(t.deps.db, owner(), code.id, "resume")).rejects.toMatchObject({ kind: "conflict" });
    const trail = await t.deps.db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.entityId, String(code.id)));
    expect(trail.map((event) => event.action)).toEqual(expect.arrayContaining(["discount.create", "discount.pause", "discount.resume", "discount.end"]));
  });

  it("is refused to an address that has paid an order with it, once per customer, and counts usage and revenue", async () => {
    const code = await createDiscount(t.deps.db, owner(), terms("ONCEONLY", { once_per_customer: true }));
    const order = await paidOrderWith("ONCEONLY", "Repeat@Example.com");
    expect(await preview("onceonly", 2, "repeat@example.com")).toMatchObject({ status: 400, refusal: `discount_code: ${ONCE_PER_CUSTOMER_MESSAGE}` });
    expect((await preview("ONCEONLY", 2, "first@example.com")).priceInfo).toMatchObject({ discount: 640 });
    const record = await getDiscountRecord(t.deps.db, t.deps.storeId, code.id);
    expect(record).toMatchObject({ used: 1, revenueCents: order.total });
  });

  it("lets one of two checkouts by one address at the same time take a once-per-customer code", async () => {
    await createDiscount(t.deps.db, owner(), terms("ONEATATIME", { once_per_customer: true }));
    const email = "two-tabs@example.com";
    const carts = await Promise.all([startCheckout(t, 2), startCheckout(t, 2)]);
    const submitted = await Promise.all(carts.map(({ sessionId }) => submitOrder(t, sessionId, { discount_code: "ONEATATIME", email })));
    expect(submitted.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(submitted.find((result) => result.status === 409)!.body).toEqual({ error: ONCE_PER_CUSTOMER_MESSAGE, field: "discount_code" });
    // The unpaid order holds its claim: a third cart by the same address is refused before anyone pays.
    const third = await startCheckout(t, 2);
    expect((await submitOrder(t, third.sessionId, { discount_code: "ONEATATIME", email })).status).toBe(409);
    const [row] = await t.deps.db.select().from(discounts).where(eq(discounts.code, "ONEATATIME"));
    expect(row.redemptions).toBe(1);
  });

  it("keeps the name of a code orders have used, and saves new terms for the next shopper", async () => {
    const code = await createDiscount(t.deps.db, owner(), terms("KEEPNAME"));
    await paidOrderWith("KEEPNAME", "keeper@example.com");
    await expect(updateDiscount(t.deps.db, owner(), code.id, terms("NEWNAME"))).rejects.toMatchObject({ kind: "conflict", field: "code" });
    await updateDiscount(t.deps.db, owner(), code.id, terms("KEEPNAME", { percentage: 25 }));
    expect((await preview("KEEPNAME", 2)).priceInfo).toMatchObject({ discount: 800 });
  });

  it("refuses a second code of the same spelling in another case", async () => {
    await createDiscount(t.deps.db, owner(), terms("Unique1"));
    await expect(createDiscount(t.deps.db, owner(), terms("UNIQUE1"))).rejects.toMatchObject({ kind: "conflict", field: "code" });
  });

  it("gives the last redemption to exactly one of two racing checkouts", async () => {
    await createDiscount(t.deps.db, owner(), terms("LASTONE", { max_redemptions: 1 }));
    const [first, second] = await Promise.all([startCheckout(t, 2), startCheckout(t, 2)]);
    const results = await Promise.all([
      submitOrder(t, first.sessionId, { discount_code: "LASTONE", email: "a@example.com" }),
      submitOrder(t, second.sessionId, { discount_code: "LASTONE", email: "b@example.com" }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, expect.any(Number)]);
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    const [row] = await t.deps.db.select().from(discounts).where(eq(discounts.code, "LASTONE"));
    expect(row.redemptions).toBe(1);
  });

  it("turns the welcome popup's offer off and on, with the percentage the owner sets", async () => {
    await setWelcomeOffer(t.deps.db, owner(), { enabled: false, percentage: 10 });
    const off = await t.call("GET", `/api/discount/popupDiscount?store_id=${t.deps.storeId}`);
    expect(((await off.json()) as { data: { discount_popup_percentage: number }[] }).data[0].discount_popup_percentage).toBe(0);
    await setWelcomeOffer(t.deps.db, owner(), { enabled: true, percentage: 15 });
    const on = await t.call("GET", `/api/discount/popupDiscount?store_id=${t.deps.storeId}`);
    expect(((await on.json()) as { data: { discount_popup_percentage: number }[] }).data[0].discount_popup_percentage).toBe(15);
    const signUp = await t.call("POST", "/api/discount/sendWelcomeEmail", { customer_email: "newbie@example.com", store_id: t.deps.storeId });
    expect(signUp.status).toBe(200);
    const [code] = await t.deps.db.select().from(discounts).where(eq(discounts.restrictedToEmail, "newbie@example.com"));
    expect(code.percentage).toBe(15);
    expect(await getWelcomeOffer(t.deps.db, t.deps.storeId)).toMatchObject({ enabled: true, percentage: 15, codesSent: 1 });
  });
});
