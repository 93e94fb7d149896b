import { and, eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { STOCK_ALERT_REQUESTED_MESSAGE } from "../../core/schemas/stock-alerts";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "../../core/rate-limit";
import { secondInstance } from "../../tests/support/app";
import { adminApi } from "../../tests/support/api-tokens";
import { mailOutbox, stockAlerts, variants } from "../db/schema";
import { ALERT_REQUESTS_PER_CLIENT, ALERT_REQUESTS_PER_EMAIL, sendDueStockAlerts, waitingStockAlertsByProduct } from "./stock-alerts";

const api = adminApi();
const SKU = "SUM-12OZ-WB";
const HANDLE = "sumatra-mandheling";

beforeEach(async () => {
  await api.t.deps.rateLimiter.clear();
  await setStock(0);
});

async function variantId(sku = SKU) {
  const [row] = await api.t.deps.db.select({ id: variants.id }).from(variants).where(eq(variants.sku, sku));
  return row.id;
}

/** The owner's stock change through the admin API, which asks for the sending when it raises stock. */
async function setStock(stock: number) {
  const answer = await api.call("POST", `/api/admin/variants/${await variantId()}/stock`, { set_to: stock, reason: "received" });
  expect(answer.status).toBe(201);
}

const ask = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api.t.call("POST", "/api/stock-alerts", { store_id: "demo", sku: SKU, ...body }, headers);

const mailsTo = (to: string, kind: string) =>
  api.t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)));

const linkToken = (text: string, page: "confirm" | "unsubscribe") => text.match(new RegExp(`/back-in-stock/${page}\\?token=(\\S+)`))![1];

async function askAndConfirm(email: string) {
  expect((await ask({ email })).status).toBe(200);
  const [confirmation] = await mailsTo(email, "back-in-stock-confirm");
  const confirmed = await api.t.call("POST", "/api/stock-alerts/confirm", { token: linkToken(confirmation.text, "confirm") });
  expect(confirmed.status).toBe(200);
  return confirmation;
}

describe("back-in-stock alerts", () => {
  it("mails a confirmation link, then exactly one email with the product's link once the variant is restocked", async () => {
    const asked = await ask({ email: " Wanda@Example.com " });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ success: true, message: STOCK_ALERT_REQUESTED_MESSAGE });
    const [confirmation] = await mailsTo("Wanda@Example.com", "back-in-stock-confirm");
    expect(confirmation.subject).toBe("Confirm your alert for Sumatra Mandheling — Whole Bean, 12 oz");
    expect(confirmation.headers).toEqual({
      "List-Unsubscribe": `<${api.t.deps.config.publicUrl}/back-in-stock/unsubscribe?token=${linkToken(confirmation.text, "unsubscribe")}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });

    // Unconfirmed, a restock mails nothing: nobody is signed up by someone else.
    await setStock(3);
    await setStock(0);
    expect(await mailsTo("Wanda@Example.com", "back-in-stock")).toEqual([]);

    const confirmed = await api.t.call("POST", "/api/stock-alerts/confirm", { token: linkToken(confirmation.text, "confirm") });
    expect(await confirmed.json()).toEqual({ product_handle: HANDLE, product_title: "Sumatra Mandheling" });
    expect(await waitingStockAlertsByProduct(api.t.deps.db, "demo")).toEqual([
      expect.objectContaining({ productHandle: HANDLE, waiting: 1 }),
    ]);
    const waiting = await api.call("GET", "/api/admin/stock-alerts");
    expect(waiting.body).toEqual({ products: [expect.objectContaining({ product_handle: HANDLE, waiting: 1 })] });

    await setStock(5);
    const notices = await mailsTo("Wanda@Example.com", "back-in-stock");
    expect(notices).toHaveLength(1);
    expect(notices[0].subject).toBe("Sumatra Mandheling — Whole Bean, 12 oz is back in stock");
    expect(notices[0].text).toContain(`${api.t.deps.config.publicUrl}/products/${HANDLE}`);
    expect(notices[0].text).toContain("/back-in-stock/unsubscribe?token=");

    // Sold out and back again: the alert had its one email.
    await setStock(0);
    await setStock(2);
    expect(await sendDueStockAlerts(api.t.deps)).toBe(0);
    expect(await mailsTo("Wanda@Example.com", "back-in-stock")).toHaveLength(1);
    expect(await waitingStockAlertsByProduct(api.t.deps.db, "demo")).toEqual([]);
    // Its confirmation link is spent.
    expect((await api.t.call("POST", "/api/stock-alerts/confirm", { token: linkToken(confirmation.text, "confirm") })).status).toBe(404);
  });

  it("asks the same address again without a second live alert, and answers alike", async () => {
    await askAndConfirm("again@example.com");
    const again = await ask({ email: "AGAIN@example.com" });
    expect(await again.json()).toEqual({ success: true, message: STOCK_ALERT_REQUESTED_MESSAGE });
    const rows = await api.t.deps.db.select().from(stockAlerts).where(eq(stockAlerts.emailNormalized, "again@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0].confirmedAt).toBeInstanceOf(Date);
  });

  it("sends nothing after an unsubscribe, from the confirmation's link or by a mail program's one-click post", async () => {
    const confirmation = await askAndConfirm("leaver@example.com");
    const token = linkToken(confirmation.text, "unsubscribe");
    const stopped = await api.t.call("POST", "/api/stock-alerts/unsubscribe", { token });
    expect(stopped.status).toBe(200);
    expect((await api.t.call("POST", "/api/stock-alerts/unsubscribe", { token })).status).toBe(200);
    expect((await api.t.call("POST", "/api/stock-alerts/unsubscribe", { token: `${token}x` })).status).toBe(404);
    await setStock(4);
    expect(await mailsTo("leaver@example.com", "back-in-stock")).toEqual([]);
  });

  it("refuses bad input naming the field, an unknown sku and a variant in stock", async () => {
    expect(await (await ask({})).json()).toEqual({ error: "Email is required", field: "email" });
    expect(await (await ask({ email: "not an email" })).json()).toEqual({ error: "Invalid email address", field: "email" });
    expect((await ask({ email: "x@example.com", sku: "" })).status).toBe(400);
    const unknown = await ask({ email: "x@example.com", sku: "NO-SUCH-SKU" });
    expect(unknown.status).toBe(404);
    await setStock(2);
    const inStock = await ask({ email: "x@example.com" });
    expect(inStock.status).toBe(409);
    expect((await inStock.json()) as { field: string }).toMatchObject({ field: "sku" });
    expect(await api.t.deps.db.select().from(stockAlerts).where(eq(stockAlerts.emailNormalized, "x@example.com"))).toEqual([]);
    expect((await api.t.call("POST", "/api/stock-alerts/confirm", { token: "forged.link" })).status).toBe(404);
  });

  it("limits requests per address of the shopper (429) and per email, whatever the address", async () => {
    for (let i = 0; i < ALERT_REQUESTS_PER_EMAIL.limit; i++) expect((await ask({ email: "busy@example.com" })).status).toBe(200);
    const perEmail = await ask({ email: "Busy@example.com" });
    expect(perEmail.status).toBe(429);
    expect(await perEmail.json()).toEqual({ error: TOO_MANY_ATTEMPTS_MESSAGE });
    expect(await mailsTo("busy@example.com", "back-in-stock-confirm")).toHaveLength(ALERT_REQUESTS_PER_EMAIL.limit);

    await api.t.deps.rateLimiter.clear();
    for (let i = 0; i < ALERT_REQUESTS_PER_CLIENT.limit; i++) expect((await ask({ email: `client${i}@example.com` })).status).toBe(200);
    const perClient = await ask({ email: "one-more@example.com" });
    expect(perClient.status).toBe(429);
    expect(perClient.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("sends a signed-in customer's alert to the account's email", async () => {
    const signup = await api.t.call("POST", "/api/auth/signup", {
      email: "Carla@Example.com",
      password: "carla's long passphrase",
      store_id: "demo",
      first_name: "Carla",
      last_name: "Customer",
    });
    expect(signup.status).toBe(201);
    const login = await api.t.call("POST", "/api/auth/login", { email: "carla@example.com", password: "carla's long passphrase", store_id: "demo" });
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith("session="))!.split(";")[0];
    expect((await ask({ email: "someone.else@example.com" }, { cookie })).status).toBe(200);
    expect(await mailsTo("someone.else@example.com", "back-in-stock-confirm")).toEqual([]);
    expect(await mailsTo("Carla@Example.com", "back-in-stock-confirm")).toHaveLength(1);
  });

  it("mails each alert once when two instances send at the same moment", async () => {
    const emails = Array.from({ length: 30 }, (_, i) => `crowd${i}@example.com`);
    const id = await variantId();
    await api.t.deps.db
      .insert(stockAlerts)
      .values(emails.map((email) => ({ storeId: "demo", variantId: id, email, emailNormalized: email, confirmedAt: new Date() })));
    // Raised without asking for the sending, so only the two senders below mail.
    await api.t.deps.db.update(variants).set({ stock: 6 }).where(eq(variants.id, id));
    const other = secondInstance(api.t);
    const [a, b] = await Promise.all([sendDueStockAlerts(api.t.deps), sendDueStockAlerts(other.deps)]);
    expect(a + b).toBe(emails.length);
    const sent = await api.t.deps.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "back-in-stock"), inArray(mailOutbox.to, emails)));
    expect(sent.map((mail) => mail.to).sort()).toEqual([...emails].sort());
  });
});
