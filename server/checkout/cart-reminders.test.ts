import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, secondInstance, type TestApp } from "../../tests/support/app";
import type { CartReminderReport } from "../../core/schemas/cart-reminders";
import { tokenHeaders } from "../../tests/support/api-tokens";
import { checkoutDetails, payWithCard, SKU, startCheckout, submitOrder } from "../../tests/support/checkout";
import { getCartLines } from "../cart/store";
import { cartReminders, mailOutbox } from "../db/schema";
import { DomainError } from "../../core/errors";
import { statusOf } from "../http/errors";
import { signLink } from "../mail/signed-links";
import { commandLineActor } from "../audit/audit";
import { changeStoreSettings, getStoreSettings } from "../store/settings";
import { cartReminderReport, EXPIRED_LINK_MESSAGE, INVALID_LINK_MESSAGE, restoreRemindedCart, sendDueReminders, stopReminders } from "./cart-reminders";

let t: TestApp;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://shop.test" });
});
afterAll(async () => {
  await t?.database.dispose();
});

const storeId = () => t.deps.storeId;
const later = (hours: number) => new Date(Date.now() + hours * HOUR);

/** A checkout left at its tax preview, the reminder box as given: what the page sends once the shopper chose a method. */
async function leftCheckout(email: string, remindMe: boolean | undefined, quantity = 2) {
  const checkout = await startCheckout(t, quantity);
  const extra = remindMe === undefined ? { email } : { email, remind_me: remindMe };
  const response = await t.call("POST", "/api/stripe/preview_tax", checkoutDetails(checkout.sessionId, extra), { cookie: checkout.cookie });
  expect(response.status).toBe(200);
  return checkout;
}

async function remindersTo(email: string) {
  return t.deps.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "cart-reminder")))
    .orderBy(desc(mailOutbox.id));
}

async function reminderRow(email: string) {
  const [row] = await t.deps.db.select().from(cartReminders).where(eq(cartReminders.email, email));
  return row;
}

const linkIn = (text: string, path: string) => {
  const match = new RegExp(`https://shop\\.test${path.replace(/\//g, "\\/")}\\?token=([^\\s]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return decodeURIComponent(match[1]);
};

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return { status: statusOf(error as DomainError), message: (error as DomainError).message };
}

describe("cart reminders", () => {
  it("sends none without consent: the box unticked, left out, or ticked and then unticked", async () => {
    await leftCheckout("never@example.com", false);
    await leftCheckout("absent@example.com", undefined);
    const changed = await leftCheckout("changed@example.com", true);
    expect(await reminderRow("changed@example.com")).toBeDefined();
    await t.call("POST", "/api/stripe/preview_tax", checkoutDetails(changed.sessionId, { email: "changed@example.com", remind_me: false }), {
      cookie: changed.cookie,
    });
    await sendDueReminders(t.deps, later(48));
    for (const email of ["never@example.com", "absent@example.com", "changed@example.com"]) {
      expect(await remindersTo(email)).toEqual([]);
      expect(await reminderRow(email)).toBeUndefined();
    }
  });

  it("refuses a reminder box that is not a boolean, naming it, and records nothing", async () => {
    const checkout = await startCheckout(t, 2);
    const response = await t.call(
      "POST",
      "/api/stripe/preview_tax",
      checkoutDetails(checkout.sessionId, { email: "typo@example.com", remind_me: "yes" }),
      { cookie: checkout.cookie },
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { field?: string }).field).toBe("remind_me");
    expect(await reminderRow("typo@example.com")).toBeUndefined();
  });

  it("sends exactly one reminder once the delay has passed unpaid, naming the shop, with a restore and a stop link", async () => {
    await leftCheckout("Once@Example.com", true);
    expect(await sendDueReminders(t.deps, later(3.9))).toEqual({ sent: 0, skipped: 0 });
    expect(await remindersTo("once@example.com")).toEqual([]);
    await sendDueReminders(t.deps, later(4.1));
    await sendDueReminders(t.deps, later(30));
    const mails = await remindersTo("once@example.com");
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const { websiteTitle } = await getStoreSettings(t.deps.db, storeId());
    expect(mail.subject).toBe(`Your cart at ${websiteTitle} is waiting`);
    expect(mail.text).toContain("2 × ");
    expect(mail.text).toContain("https://shop.test/cart/restore?token=");
    expect(mail.html).toContain("Don't remind me again</a>");
    expect(mail.headers).toMatchObject({ "List-Unsubscribe": `<https://shop.test/cart/reminders/stop?token=${encodeURIComponent(linkIn(mail.text, "/cart/reminders/stop"))}>` });
  });

  it("sends one reminder when two instances run the job at the same time", async () => {
    await leftCheckout("racing@example.com", true);
    const other = secondInstance(t);
    await Promise.all([sendDueReminders(t.deps, later(5)), sendDueReminders(other.deps, later(5)), sendDueReminders(t.deps, later(5))]);
    expect(await remindersTo("racing@example.com")).toHaveLength(1);
  });

  it("counts the delay the owner sets", async () => {
    await changeStoreSettings(t.deps.db, commandLineActor(storeId()), { checkout: { reminderDelayMinutes: 30 } });
    try {
      await leftCheckout("quick@example.com", true);
      await sendDueReminders(t.deps, new Date(Date.now() + 29 * 60_000));
      expect(await remindersTo("quick@example.com")).toHaveLength(0);
      await sendDueReminders(t.deps, new Date(Date.now() + 31 * 60_000));
      expect(await remindersTo("quick@example.com")).toHaveLength(1);
    } finally {
      await changeStoreSettings(t.deps.db, commandLineActor(storeId()), { checkout: { reminderDelayMinutes: 240 } });
    }
  });

  it("sends nothing when the shopper paid meanwhile", async () => {
    const checkout = await startCheckout(t, 2);
    const { body } = await submitOrder(t, checkout.sessionId, { email: "payer@example.com", remind_me: true });
    expect(await reminderRow("payer@example.com")).toBeDefined();
    await payWithCard(t, body.client_secret);
    await sendDueReminders(t.deps, later(5));
    expect(await remindersTo("payer@example.com")).toEqual([]);
    expect((await reminderRow("payer@example.com")).skipReason).toBe("paid");
  });

  it("sends nothing for a cart emptied meanwhile", async () => {
    const checkout = await leftCheckout("emptied@example.com", true);
    const emptied = await t.call("POST", "/api/cart-items", { cartItems: [] }, { cookie: checkout.cookie });
    expect(emptied.status).toBe(200);
    await sendDueReminders(t.deps, later(5));
    expect(await remindersTo("emptied@example.com")).toEqual([]);
    expect((await reminderRow("emptied@example.com")).skipReason).toBe("empty");
  });

  it("restores the cart's lines into a fresh browser and leaves the reminded cart as it was", async () => {
    await leftCheckout("restore@example.com", true, 3);
    await sendDueReminders(t.deps, later(5));
    const token = linkIn((await remindersTo("restore@example.com"))[0].text, "/cart/restore");
    const row = await reminderRow("restore@example.com");
    const before = await getCartLines(t.deps.db, storeId(), row.cartId);

    const restored = await restoreRemindedCart(t.deps, storeId(), token, undefined);
    expect(restored.setCookie).toMatch(/^cart=[A-Za-z0-9_-]{43};/);
    expect(restored.cartId).not.toBe(row.cartId);
    const cookie = restored.setCookie!.split(";")[0];
    const cart = (await (await t.call("GET", "/api/cart-items", undefined, { cookie })).json()) as { cartItems: { sku: string; quantity: number }[] };
    expect(cart.cartItems.map((item) => [item.sku, item.quantity])).toEqual(before.map((line) => [line.kind === "product" ? line.sku : "", 3]));
    expect(await getCartLines(t.deps.db, storeId(), row.cartId)).toEqual(before);
    expect((await reminderRow("restore@example.com")).restoredAt).toBeInstanceOf(Date);

    // The same browser opening its own link keeps its cart as it is.
    const again = await restoreRemindedCart(t.deps, storeId(), token, row.cartId);
    expect(again).toEqual({ cartId: row.cartId, setCookie: null });
    expect(await getCartLines(t.deps.db, storeId(), row.cartId)).toEqual(before);
  });

  it("refuses a forged, another purpose's or expired link, changing nothing", async () => {
    await leftCheckout("refused@example.com", true);
    await sendDueReminders(t.deps, later(5));
    const mail = (await remindersTo("refused@example.com"))[0];
    const token = linkIn(mail.text, "/cart/restore");
    const row = await reminderRow("refused@example.com");
    const forged = `${token.split(".")[0]}.${"A".repeat(43)}`;
    expect(await refusal(restoreRemindedCart(t.deps, storeId(), forged, undefined))).toEqual({ status: 400, message: INVALID_LINK_MESSAGE });
    expect(await refusal(restoreRemindedCart(t.deps, storeId(), "", undefined))).toEqual({ status: 400, message: INVALID_LINK_MESSAGE });
    const stopToken = linkIn(mail.text, "/cart/reminders/stop");
    expect(await refusal(restoreRemindedCart(t.deps, storeId(), stopToken, undefined))).toMatchObject({ status: 400 });
    expect(await refusal(restoreRemindedCart(t.deps, storeId(), token, undefined, later(24 * 8)))).toEqual({
      status: 410,
      message: EXPIRED_LINK_MESSAGE,
    });
    const expired = await signLink(t.deps.db, storeId(), { purpose: "cart-restore", subject: String(row.id), expiresAt: new Date(Date.now() - 1000) });
    expect(await refusal(restoreRemindedCart(t.deps, storeId(), expired, undefined))).toMatchObject({ status: 410 });
    expect(await reminderRow("refused@example.com")).toEqual(row);
  });

  it("stops with one click: the address gets no further reminder, and nothing else changes", async () => {
    await leftCheckout("stopper@example.com", true);
    await sendDueReminders(t.deps, later(5));
    const mail = (await remindersTo("stopper@example.com"))[0];
    const before = await reminderRow("stopper@example.com");
    await stopReminders(t.deps.db, storeId(), linkIn(mail.text, "/cart/reminders/stop"));
    await stopReminders(t.deps.db, storeId(), linkIn(mail.text, "/cart/reminders/stop"));
    const after = await reminderRow("stopper@example.com");
    expect(after).toEqual({ ...before, stoppedAt: expect.any(Date) });
    // The restore link still works; a later checkout with the box ticked starts no reminder.
    await restoreRemindedCart(t.deps, storeId(), linkIn(mail.text, "/cart/restore"), undefined);
    await leftCheckout("STOPPER@example.com", true);
    await sendDueReminders(t.deps, later(10));
    expect(await remindersTo("stopper@example.com")).toHaveLength(1);
    expect(await refusal(stopReminders(t.deps.db, storeId(), "nonsense"))).toMatchObject({ status: 400 });
  });

  it("reports reminders sent, carts restored and the revenue of the orders they brought back, on the screen's function and the admin API", async () => {
    const manager = await tokenHeaders(t, "manager");
    const fulfilment = await tokenHeaders(t, "fulfilment");
    const figures = async () => {
      const response = await t.call("GET", "/api/admin/cart-reminders?days=30", undefined, manager);
      expect(response.status).toBe(200);
      const answer = (await response.json()) as CartReminderReport;
      expect(answer).toEqual(await cartReminderReport(t.deps.db, storeId(), { days: 30 }));
      return answer;
    };
    const before = await figures();

    await leftCheckout("recovered@example.com", true, 2);
    await sendDueReminders(t.deps, later(5));
    const token = linkIn((await remindersTo("recovered@example.com"))[0].text, "/cart/restore");
    const cookie = (await restoreRemindedCart(t.deps, storeId(), token, undefined)).setCookie!.split(";")[0];
    const session = await t.call("POST", "/api/stripe/create_checkout_session", { checkout_items: [{ quantity: 2, sku: SKU }], cost_of_checkout: 3200 }, { cookie });
    expect(session.status).toBe(201);
    const { session_id } = (await session.json()) as { session_id: string };
    const submitted = await t.call("POST", "/api/stripe/submit_order", checkoutDetails(session_id, { email: "recovered@example.com" }), { cookie });
    const order = (await submitted.json()) as { client_secret: string; total: number };
    await payWithCard(t, order.client_secret);

    const after = await figures();
    expect(after.reminders_sent - before.reminders_sent).toBe(1);
    expect(after.carts_restored - before.carts_restored).toBe(1);
    expect(after.orders_recovered - before.orders_recovered).toBe(1);
    expect(after.revenue_recovered_cents - before.revenue_recovered_cents).toBe(order.total);
    // Reminders whose cart was not brought back recover nothing, and only staff who may read analytics see the figures.
    expect(after.reminders_sent).toBeGreaterThan(after.carts_restored);
    expect((await t.call("GET", "/api/admin/cart-reminders?days=30", undefined, fulfilment)).status).toBe(403);
    expect((await t.call("GET", "/api/admin/cart-reminders?days=30")).status).toBe(401);
    const refused = await t.call("GET", "/api/admin/cart-reminders?days=0", undefined, manager);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { field?: string }).field).toBe("days");
  });
});
