import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { RESTRICTED_DISCOUNT_MESSAGE } from "../checkout/quote";
import { DEMO } from "../db/seed-content";
import { discounts, mailOutbox, newsletterSubscribers, orders } from "../db/schema";
import { SimulatedPaymentProvider, TEST_CARDS } from "../payments/simulated";
import { hashUnsubscribeToken, unsubscribe } from "./subscribers";
import { generateWelcomeCode } from "./welcome";

let t: TestApp;
const storeId: string = DEMO.storeId;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: "true", PUBLIC_URL: "https://shop.test" });
});
afterAll(async () => {
  await t?.database.dispose();
});

let clients = 0;
const newClient = () => ({ "x-forwarded-for": `198.51.100.${++clients}` });

const signUp = (email: unknown, store = storeId) =>
  t.call("POST", "/api/customer_service/add_customer_to_newsletter", { email, store_id: store }, newClient());
const welcome = (customer_email: unknown, store = storeId) =>
  t.call("POST", "/api/discount/sendWelcomeEmail", { customer_email, store_id: store }, newClient());

async function subscriber(email: string) {
  const [row] = await t.deps.db
    .select()
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.storeId, storeId), eq(newsletterSubscribers.emailNormalized, email.toLowerCase())));
  return row;
}

async function lastMailTo(email: string) {
  const [mail] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1);
  return mail;
}

function tokenFrom(text: string): string {
  const match = /\/newsletter\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no unsubscribe link in: ${text}`);
  return match[1];
}

async function welcomeCodesFor(email: string) {
  return t.deps.db
    .select()
    .from(discounts)
    .where(and(eq(discounts.storeId, storeId), eq(discounts.restrictedToEmail, email.toLowerCase())));
}

describe("POST /api/customer_service/add_customer_to_newsletter", () => {
  it("subscribes, then answers 409 'Email already signed up' for the same address in any case", async () => {
    const first = await signUp("reader@example.com");
    expect(first.status).toBe(200);
    expect((await subscriber("reader@example.com")).source).toBe("footer");
    const again = await signUp("  Reader@Example.COM ");
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "Email already signed up" });
    const rows = await t.deps.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.emailNormalized, "reader@example.com"));
    expect(rows).toHaveLength(1);
  });

  it("emails a short confirmation with a one-click unsubscribe link whose token is stored only hashed", async () => {
    await signUp("linked@example.com");
    const mail = await lastMailTo("linked@example.com");
    expect(mail.subject).toBe("You're subscribed");
    expect(mail.text).toContain("https://shop.test/newsletter/unsubscribe?token=");
    expect(mail.html).toContain("https://shop.test/newsletter/unsubscribe?token=");
    const token = tokenFrom(mail.text);
    const row = await subscriber("linked@example.com");
    expect(row.unsubscribeTokenHash).toBe(hashUnsubscribeToken(token));
    expect(row.unsubscribeTokenHash).not.toContain(token);
  });

  it("gives mail programs the one-click unsubscribe headers", async () => {
    const send = vi.spyOn(t.deps.mailer, "send");
    try {
      await signUp("headers@example.com");
      const mail = send.mock.calls.at(-1)![0];
      const token = tokenFrom(mail.text);
      expect(mail.headers).toEqual({
        "List-Unsubscribe": `<https://shop.test/newsletter/unsubscribe?token=${token}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
    } finally {
      send.mockRestore();
    }
  });

  it("unsubscribes with the token, idempotently, and lets the address sign up again", async () => {
    await signUp("leaver@example.com");
    const token = tokenFrom((await lastMailTo("leaver@example.com")).text);
    expect(await unsubscribe(t.deps.db, token)).toBe(true);
    const left = await subscriber("leaver@example.com");
    expect(left.unsubscribedAt).toBeInstanceOf(Date);
    expect(await unsubscribe(t.deps.db, token)).toBe(true);
    expect((await subscriber("leaver@example.com")).unsubscribedAt).toEqual(left.unsubscribedAt);
    expect(await unsubscribe(t.deps.db, "not-a-token")).toBe(false);
    expect(await unsubscribe(t.deps.db, "")).toBe(false);

    const back = await signUp("leaver@example.com");
    expect(back.status).toBe(200);
    const row = await subscriber("leaver@example.com");
    expect(row.unsubscribedAt).toBeNull();
    // The old link no longer names anyone; the new email carries a new one.
    expect(await unsubscribe(t.deps.db, token)).toBe(false);
    expect(tokenFrom((await lastMailTo("leaver@example.com")).text)).not.toBe(token);
  });

  it("refuses an invalid email with 'Invalid email address' and stores nothing", async () => {
    for (const email of ["nope", "a@", "", undefined, 42]) {
      const response = await signUp(email);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Invalid email address", field: "email" });
    }
    expect(await subscriber("nope")).toBeUndefined();
  });

  it("answers 404 for an unknown store", async () => {
    expect((await signUp("x@example.com", "no-such-store")).status).toBe(404);
  });

  it("takes a plain form post and redirects back with the outcome", async () => {
    const post = (email: string) =>
      t.call("POST", "/api/customer_service/add_customer_to_newsletter", new URLSearchParams({ email }).toString(), {
        ...newClient(),
        "content-type": "application/x-www-form-urlencoded",
        referer: "http://localhost/blog?x=1",
      });
    const first = await post("form-reader@example.com");
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/blog?x=1&newsletter=ok");
    expect((await post("form-reader@example.com")).headers.get("location")).toBe("/blog?x=1&newsletter=exists");
    expect((await post("bad")).headers.get("location")).toBe("/blog?x=1&newsletter=error");
  });
});

describe("GET /api/discount/popupDiscount", () => {
  it("answers the store's popup percentage", async () => {
    const response = await t.call("GET", `/api/discount/popupDiscount?store_id=${storeId}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: [{ discount_popup_percentage: 10 }] });
  });

  it("answers 400 without a store and 404 for an unknown one", async () => {
    expect((await t.call("GET", "/api/discount/popupDiscount")).status).toBe(400);
    expect((await t.call("GET", "/api/discount/popupDiscount?store_id=nope")).status).toBe(404);
  });
});

describe("POST /api/discount/sendWelcomeEmail", () => {
  it("subscribes the address (source popup), creates one single-use code restricted to it and emails it", async () => {
    const response = await welcome("Newbie@Example.com");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: { discount_popup_percentage: 10 } });
    expect((await subscriber("newbie@example.com")).source).toBe("popup");

    const [code] = await welcomeCodesFor("newbie@example.com");
    expect(code).toMatchObject({ percentage: 10, maxRedemptions: 1, redemptions: 0, isPopup: false, amountCents: null });
    expect(code.code).toMatch(/^WELCOME-[A-Z2-9]{8}$/);

    const mail = await lastMailTo("Newbie@Example.com");
    expect(mail.kind).toBe("welcome-discount");
    expect(mail.text).toContain(code.code);
    expect(mail.text).toContain("10%");
    expect(mail.text).toContain("/newsletter/unsubscribe?token=");
  });

  it("never creates a second code: a repeated sign-up is a 409 'Email already signed up'", async () => {
    await welcome("twice@example.com");
    const again = await welcome("TWICE@example.com");
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "Email already signed up" });
    expect(await welcomeCodesFor("twice@example.com")).toHaveLength(1);

    // Unsubscribing and coming back through the popup does not earn another code either.
    const token = tokenFrom((await lastMailTo("twice@example.com")).text);
    await unsubscribe(t.deps.db, token);
    expect((await welcome("twice@example.com")).status).toBe(409);
    expect(await welcomeCodesFor("twice@example.com")).toHaveLength(1);
  });

  it("concurrent sign-ups of one address create exactly one code", async () => {
    const responses = await Promise.all([welcome("race@example.com"), welcome("race@example.com"), welcome("race@example.com")]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await welcomeCodesFor("race@example.com")).toHaveLength(1);
  });

  it("answers 409 for a footer subscriber", async () => {
    await signUp("footer-first@example.com");
    expect((await welcome("footer-first@example.com")).status).toBe(409);
    expect(await welcomeCodesFor("footer-first@example.com")).toEqual([]);
  });

  it("with a popup percentage of 0 only subscribes and sends the newsletter welcome", async () => {
    await t.deps.db
      .update(discounts)
      .set({ percentage: 0 })
      .where(and(eq(discounts.storeId, storeId), eq(discounts.isPopup, true)));
    try {
      const response = await welcome("plain@example.com");
      expect(await response.json()).toEqual({ success: true, data: { discount_popup_percentage: 0 } });
      expect(await welcomeCodesFor("plain@example.com")).toEqual([]);
      expect(await subscriber("plain@example.com")).toBeDefined();
      const mail = await lastMailTo("plain@example.com");
      expect(mail.subject).toBe("You're subscribed");
      expect(mail.text).toContain("/newsletter/unsubscribe?token=");
    } finally {
      await t.deps.db
        .update(discounts)
        .set({ percentage: 10 })
        .where(and(eq(discounts.storeId, storeId), eq(discounts.isPopup, true)));
    }
  });

  it("answers 'No popup discount found' when the store has none, and the sign-up still works", async () => {
    await t.deps.db
      .update(discounts)
      .set({ isPopup: false })
      .where(and(eq(discounts.storeId, storeId), eq(discounts.isPopup, true)));
    try {
      const response = await t.call("GET", `/api/discount/popupDiscount?store_id=${storeId}`);
      expect(await response.json()).toEqual({ success: false, error: "No popup discount found" });
      expect((await welcome("no-popup@example.com")).status).toBe(200);
      expect(await welcomeCodesFor("no-popup@example.com")).toEqual([]);
    } finally {
      await t.deps.db
        .update(discounts)
        .set({ isPopup: true })
        .where(and(eq(discounts.storeId, storeId), eq(discounts.code, DEMO.discountCodes.popup)));
    }
  });

  it("refuses an invalid email with 'Invalid email address' and creates nothing", async () => {
    const response = await welcome("not an email");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Invalid email address", field: "customer_email" });
    expect(await welcomeCodesFor("not an email")).toEqual([]);
    expect((await welcome("x@example.com", "no-such-store")).status).toBe(404);
  });

  it("makes codes from an alphabet without look-alike characters", () => {
    const codes = new Set(Array.from({ length: 200 }, generateWelcomeCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code.slice("WELCOME-".length)).not.toMatch(/[01IO]/);
  });
});

describe("the welcome code in the cart and at checkout", () => {
  const SKU = DEMO.subscriptions.houseBlend.sku;
  const ADDRESS = { line1: "1 Main St", city: "Sacramento", state: "CA", postal_code: "95814", country: "US" };

  async function startCheckout() {
    const saved = await t.call("POST", "/api/cart-items", { cartItems: [{ kind: "product", sku: SKU, quantity: 2 }] });
    const cookie = saved.headers.getSetCookie()[0].split(";")[0];
    const created = await t.call(
      "POST",
      "/api/stripe/create_checkout_session",
      { checkout_items: [{ quantity: 2, sku: SKU }], store_id: storeId, cost_of_checkout: 3200 },
      { cookie },
    );
    expect(created.status).toBe(201);
    const sessionId = ((await created.json()) as { session_id: string }).session_id;
    browsers.set(sessionId, cookie);
    return sessionId;
  }

  /** A checkout answers only the browser (cart cookie) that started it. */
  const browsers = new Map<string, string>();

  const submit = (sessionId: string, email: string, code: string) =>
    t.call("POST", "/api/stripe/submit_order", {
      session_id: sessionId,
      store_id: storeId,
      address: ADDRESS,
      email,
      name: "Wendy Welcome",
      shipping_option: "standard",
      discount_code: code,
    }, { cookie: browsers.get(sessionId)! });

  it("is shown in the cart, accepted at checkout only for its address, and only once", async () => {
    await welcome("wendy@example.com");
    const [{ code }] = await welcomeCodesFor("wendy@example.com");

    const lookup = await t.call("GET", `/api/discount/${code}?store_id=${storeId}`, undefined, newClient());
    expect(lookup.status).toBe(200);
    expect((await lookup.json()).data).toMatchObject({ code, discount_percentage: 10, max_redemptions: 1 });

    const stranger = await submit(await startCheckout(), "someone-else@example.com", code);
    expect(stranger.status).toBe(400);
    expect(await stranger.json()).toEqual({ error: RESTRICTED_DISCOUNT_MESSAGE, field: "discount_code" });

    const sessionId = await startCheckout();
    const owner = await submit(sessionId, "Wendy@Example.com", code);
    expect(owner.status).toBe(200);
    const order = (await owner.json()) as { order_id: number; client_secret: string; total: number };
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, order.order_id));
    expect(row.discountCents).toBe(320);
    await t.call("POST", "/api/stripe/simulated/confirm", {
      client_secret: order.client_secret,
      card: { number: TEST_CARDS.succeeds, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: "123" },
    });
    await (t.deps.payments as SimulatedPaymentProvider).drain();

    const again = await submit(await startCheckout(), "wendy@example.com", code);
    expect(again.status).toBe(400);
    expect((await t.call("GET", `/api/discount/${code}?store_id=${storeId}`, undefined, newClient())).status).toBe(404);
  });

  it("is refused to an address that has already ordered", async () => {
    await t.deps.db.insert(orders).values({
      storeId,
      status: "paid",
      email: "returning@example.com",
      customerName: "Rita Returning",
      shippingAddress: { name: "Rita Returning", ...ADDRESS } as never,
      shippingOptionKey: "standard",
      subtotalCents: 3200,
      totalCents: 3200,
      idempotencyKey: "returning-customer-order",
      paymentProvider: "simulated",
    });
    await welcome("returning@example.com");
    const [{ code }] = await welcomeCodesFor("returning@example.com");
    const response = await submit(await startCheckout(), "returning@example.com", code);
    expect(response.status).toBe(400);
  });
});
