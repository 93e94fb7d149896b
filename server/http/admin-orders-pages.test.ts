/**
 * The orders desk, customers and dashboard pages (app/routes/admin.orders*, admin.customers*, admin._index), rendered
 * for real through Vite and posted as a browser posts them before its JavaScript loads: the list and its filters,
 * shipping with a tracking number, partial and refused refunds, notes, the dashboard's figures against the orders
 * made here, and what a fulfilment member sees.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../core/money";
import { type TestApp } from "../../tests/support/app";
import { SKU, paidOrderBy } from "../../tests/support/checkout";
import { PAGE_OWNER as OWNER, PAGE_PACKER as PACKER, renderedBackOffice } from "../../tests/support/admin-pages";
import { createCustomer } from "../accounts/customers";
import { mailOutbox, orders, variants } from "../db/schema";
import { salesFigures } from "../orders/dashboard";

let t: TestApp;

const office = renderedBackOffice({ PUBLIC_URL: "https://shop.example.com" });
const { get, post, html, signIn } = office;

const paidBy = (email: string, name: string, quantity = 2) => paidOrderBy(t, { email, name }, quantity);

const mailTo = (email: string, kind: string) =>
  t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, kind)));

beforeAll(async () => {
  ({ t } = office);
  await t.deps.db.update(variants).set({ stock: 500 }).where(eq(variants.sku, SKU));
});

describe("the orders desk's pages", () => {
  let owner: string;
  let packer: string;
  let lee: typeof orders.$inferSelect;
  let max: typeof orders.$inferSelect;
  let old: typeof orders.$inferSelect;

  beforeAll(async () => {
    owner = await signIn(OWNER);
    packer = await signIn(PACKER);
    lee = await paidBy("lee@example.com", "Lee Lam");
    max = await paidBy("max@example.com", "Max Moss");
    old = await paidBy("ola@example.com", "Ola Old");
    // Paid twelve days ago: in the last 30 days, not the last 7.
    const twelveDaysAgo = new Date(Date.now() - 12 * 86_400_000);
    await t.deps.db.update(orders).set({ paidAt: twelveDaysAgo, createdAt: twelveDaysAgo }).where(eq(orders.id, old.id));
  });

  it("sends the desk's pages to sign-in without a session, and keeps them private", async () => {
    for (const path of ["/admin/orders", `/admin/orders/${lee.number}`, "/admin/customers", "/admin/customers/1"]) {
      expect((await get(path)).headers.get("location")).toBe(`/admin/login?${new URLSearchParams({ redirectTo: path })}`);
    }
    const page = await get("/admin/orders", owner);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    expect(await page.text()).toMatch(/<meta name="robots" content="noindex"/);
  });

  it("lists orders newest first, filtered by status, search and dates, with the CSV export of the same filter", async () => {
    const all = await html(await get("/admin/orders", owner));
    const at = [max, lee].map((order) => all.indexOf(`/admin/orders/${order.number}"`));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));

    const searched = await html(await get("/admin/orders?q=LEE", owner));
    expect(searched).toContain(`/admin/orders/${lee.number}"`);
    expect(searched).not.toContain(`/admin/orders/${max.number}"`);
    expect(searched).toContain('href="/api/admin/orders.csv?q=LEE"');
    expect(await html(await get(`/admin/orders?q=${lee.number}`, owner))).toContain(`/admin/orders/${lee.number}"`);

    expect(await html(await get("/admin/orders?status=fulfilled", owner))).toContain("No orders match.");
    const today = new Date().toISOString().slice(0, 10);
    const recent = await html(await get(`/admin/orders?from=${today}&to=${today}`, owner));
    expect(recent).toContain(`/admin/orders/${lee.number}"`);
    expect(recent).not.toContain(`/admin/orders/${old.number}"`);
    expect(await html(await get("/admin/orders?from=2026-02-30", owner), 400)).toContain("from must be a real date");
    expect(await html(await get("/admin/orders?cursor=abc", owner), 400)).toContain("cursor must be a cursor this call returned");
  });

  it("prints packing slips for the orders picked: one article each, the ship-to and lines, no prices, no back-office navigation", async () => {
    const path = `/admin/orders/slips?number=${lee.number}&number=${max.number}`;
    expect((await get(path)).headers.get("location")).toBe(`/admin/login?${new URLSearchParams({ redirectTo: path })}`);
    const answer = await get(path, packer);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const page = await html(answer);
    expect(page.match(/<article/g)).toHaveLength(2);
    expect(page.indexOf(`id="slip-${lee.number}"`)).toBeGreaterThan(0);
    expect(page.indexOf(`id="slip-${lee.number}"`)).toBeLessThan(page.indexOf(`id="slip-${max.number}"`));
    expect(page).toContain("Lee Lam");
    for (const part of ["1 Main St", "Sacramento", "95814"]) expect(page).toContain(part);
    expect(page).toContain(SKU);
    const slips = page.slice(page.indexOf("<article"), page.lastIndexOf("</article>"));
    expect(slips).not.toMatch(/\$\d/);
    expect(page).not.toContain("<nav");

    expect(await html(await get(`/admin/orders/${lee.number}`, owner))).toContain(`href="/admin/orders/slips?number=${lee.number}"`);
    expect(await html(await get("/admin/orders", owner))).toContain('action="/admin/orders/slips"');
    const none = await get("/admin/orders/slips", owner);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Choose at least one order to print its packing slip");
    const unknown = await get(`/admin/orders/slips?number=${lee.number}&number=999999`, owner);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("No order #999999 in this store");
  });

  it("ships an order with a carrier and tracking number; the customer's email carries the tracking link, and a review request follows", async () => {
    const path = `/admin/orders/${lee.number}`;
    const page = await html(await get(path, owner));
    expect(page).toContain("Mark shipped");
    expect(page).toContain("Lee Lam");
    // The option staff set up, by its name rather than its key.
    expect(page).toContain("Shipping: <!-- -->Standard Shipping");
    const shipped = await post(path, { intent: "fulfil", carrier: "UPS", tracking_number: "1Z999AA10123456784" }, owner);
    expect(shipped.headers.get("location")).toBe(`${path}?notice=order-fulfilled`);
    const after = await html(await get(`${path}?notice=order-fulfilled`, owner));
    expect(after).toContain("Order marked shipped; the customer was emailed.");
    expect(after).toContain("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(after).not.toContain("Mark shipped");
    const [mail] = await mailTo("lee@example.com", "order-shipped");
    expect(mail.text).toContain("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    // The page routes are bundled apart from the API; the review request must follow a shipment made from either.
    expect(await mailTo("lee@example.com", "review-request")).toHaveLength(1);
    // The shipment has its own card, apart from the payment, and the timeline lists the review request with the rest.
    const shown = await html(await get(path, owner));
    expect(shown.match(/<section aria-label="Shipment"[\s\S]*?<\/section>/)?.[0]).toContain("Shipped with <!-- -->UPS");
    expect(shown.match(/<section aria-label="Payment"[\s\S]*?<\/section>/)?.[0]).not.toContain("Shipped with");
    expect(shown).toContain(`Email to lee@example.com: How was your order ${lee.number}? Review your purchase`);
    // Shipping twice is the server's refusal, shown on the page.
    expect(await html(await post(path, { intent: "fulfil", carrier: "", tracking_number: "" }, owner), 409)).toContain("only a paid order can be fulfilled");
  });

  it("asks before a refund, refuses more than is left beside the amount, and refunds part", async () => {
    const path = `/admin/orders/${max.number}`;
    const asked = await html(await get(`${path}?amount=5&restock=on`, owner));
    expect(asked).toContain(`Refund $5.00 of order #${max.number} and put its stock back?`);
    expect(await html(await get(`${path}?amount=five`, owner))).toContain("Enter an amount in dollars, such as 12.50");

    // More than is left is refused in dollars before the refund is asked, and by the server when posted anyway.
    const askedTooMuch = await html(await get(`${path}?amount=100000`, owner));
    expect(askedTooMuch).toMatch(/aria-invalid="true"[^>]*>[^]*?A refund of \$100,?000\.00 is more than the \$\d+\.\d\d left to refund/);
    expect(askedTooMuch).not.toContain(`Refund $100`);
    const tooMuch = await html(await post(path, { intent: "refund", amount: "100000" }, owner), 422);
    expect(tooMuch).toMatch(/aria-invalid="true"[^>]*>[^]*?more than the \$\d+\.\d\d left to refund/);

    const refunded = await post(path, { intent: "refund", amount: "5.00" }, owner);
    expect(refunded.headers.get("location")).toBe(`${path}?notice=order-refunded`);
    const after = await html(await get(path, owner));
    expect(after).toMatch(new RegExp(`\\${formatMoney(max.totalCents - 500)}(<!-- -->)? is left to refund`));
    expect(after).toContain("Refunded $5.00");
    const [mail] = await mailTo("max@example.com", "order-refunded");
    expect(mail.text).toContain("$5.00");
  });

  it("adds a note, refusing an empty one beside the field, and resends the confirmation", async () => {
    const path = `/admin/orders/${max.number}`;
    expect(await html(await post(path, { intent: "note", text: "  " }, owner), 400)).toContain("text is required");
    expect((await post(path, { intent: "note", text: "Gift wrap, please" }, owner)).headers.get("location")).toBe(`${path}?notice=order-noted`);
    expect(await html(await get(path, owner))).toContain("Gift wrap, please");
    expect((await post(path, { intent: "resend" }, owner)).headers.get("location")).toBe(`${path}?notice=confirmation-sent`);
  });

  it("asks before cancelling; a cancelled order is refunded whole, emailed, and offers no more actions", async () => {
    const cancelled = await paidBy("cy@example.com", "Cy Cancel");
    const path = `/admin/orders/${cancelled.number}`;
    expect(await html(await get(`${path}?cancel`, owner))).toContain(
      `Cancel order #${cancelled.number}? All that is left of its payment (${formatMoney(cancelled.totalCents)}) is refunded`,
    );
    expect((await post(path, { intent: "cancel", id: String(cancelled.number) }, owner)).headers.get("location")).toBe(`${path}?notice=order-cancelled`);
    const after = await html(await get(path, owner));
    for (const offer of ["Mark shipped", "is left to refund", "Cancel the order"]) expect(after).not.toContain(offer);
    const [mail] = await mailTo("cy@example.com", "order-cancelled");
    expect(mail.text).toContain(formatMoney(cancelled.totalCents));
    // The audit trail says the cancel's refund in dollars under its label, as staff read it.
    const trail = await html(await get("/admin/audit?entity=order", owner));
    expect(trail).toContain(`Refunded</th><td class="py-1 pr-2 break-words">—</td><td class="py-1 break-words">${formatMoney(cancelled.totalCents)}</td>`);
    expect(trail).not.toContain("refunded_cents");
  });

  it("offers on an order the moves the order lifecycle allows from its state, and follows the table when it changes", async () => {
    const shipped = (page: string) => page.includes("Mark shipped");
    const path = `/admin/orders/${max.number}`;
    const offered = await html(await get(path, owner));
    expect([shipped(offered), offered.includes("is left to refund"), offered.includes("Cancel the order")]).toEqual([true, true, true]);

    // The table as the pages read it: a paid order that may no longer be shipped is offered no shipping, and
    // posting it anyway is refused by the same table.
    const { ORDER_MOVES } = await office.pageModule<typeof import("../../core/order-lifecycle")>("/core/order-lifecycle.ts");
    const fulfil = ORDER_MOVES.fulfil;
    ORDER_MOVES.fulfil = { ...fulfil, from: ["backordered"] };
    try {
      const changed = await html(await get(path, owner));
      expect(shipped(changed)).toBe(false);
      expect(changed).toContain("Cancel the order");
      await html(await post(path, { intent: "fulfil", carrier: "", tracking_number: "" }, owner), 409);
    } finally {
      ORDER_MOVES.fulfil = fulfil;
    }
    expect(shipped(await html(await get(path, owner)))).toBe(true);
  });

  it("shows the sales the orders made here add up to, and the orders to ship", async () => {
    const [refreshed] = await t.deps.db.select().from(orders).where(eq(orders.id, max.id));
    expect(refreshed.status).toBe("paid");
    const todayCents = lee.totalCents + max.totalCents - 500;
    const figures = await salesFigures(t.deps.db, t.deps.storeId);
    expect(figures).toEqual({ todayCents, last7DaysCents: todayCents, last30DaysCents: todayCents + old.totalCents });
    expect(await salesFigures(t.deps.db, t.deps.storeId, new Date(Date.now() + 40 * 86_400_000))).toEqual({
      todayCents: 0,
      last7DaysCents: 0,
      last30DaysCents: 0,
    });

    const home = await html(await get("/admin", owner));
    for (const cents of [todayCents, todayCents + old.totalCents]) expect(home).toContain(formatMoney(cents));
    // max and old are paid and not shipped.
    expect(home).toMatch(/Orders to ship<\/h2><p[^>]*>2<\/p>/);
    expect(home).toContain('href="/admin/orders?status=paid"');
  });

  it("lets fulfilment work orders and customers, with no sales figures", async () => {
    const home = await html(await get("/admin", packer));
    expect(home).toContain("Orders to ship");
    expect(home).not.toContain("Last 7 days");
    expect(home).not.toContain(formatMoney(lee.totalCents + max.totalCents - 500));
    expect(home).toContain(">Orders</a>");
    expect(home).toContain(">Customers</a>");
    expect(await html(await get("/admin/orders", packer))).toContain(`/admin/orders/${old.number}"`);
    const path = `/admin/orders/${old.number}`;
    expect((await post(path, { intent: "fulfil", carrier: "", tracking_number: "" }, packer)).headers.get("location")).toBe(`${path}?notice=order-fulfilled`);
    expect((await get("/admin/customers", packer)).status).toBe(200);
  });

  it("names reviewed products by their titles, and sends low stock to its inventory screen", async () => {
    const home = await html(await get("/admin", owner));
    const newest = home.slice(home.indexOf("Newest reviews"));
    // The demo's newest reviews are of its products, each named as the owner knows it, never by its handle.
    expect(newest).toMatch(/<a [^>]*href="\/products\/hand-burr-grinder"[^>]*>Hand Burr Grinder<\/a>/);
    expect(newest).not.toMatch(/<a [^>]*href="\/products\/([a-z0-9-]+)"[^>]*>\1<\/a>/);
    const [sage] = await t.deps.db.select({ id: variants.id }).from(variants).where(eq(variants.sku, "DRIP-SAGE"));
    const low = home.slice(home.indexOf("Low stock"), home.indexOf("Newest reviews"));
    expect(low).toContain(`href="/admin/inventory/${sage.id}"`);
  });

  it("shows the newest contact messages to whoever answers customers", async () => {
    const sent = await t.call("POST", "/api/customer_service/process_customer_service_request", {
      store_id: "demo",
      customer_service_data: { customer_name: "Rae Reader", customer_email: "rae@example.com", message: "Do you ship beans to Norway?" },
    });
    expect(sent.status).toBeLessThan(300);
    for (const member of [owner, packer]) {
      const home = await html(await get("/admin", member));
      expect(home).toContain("Newest messages");
      expect(home).toContain("Do you ship beans to Norway?");
      expect(home).toContain('href="mailto:rae@example.com"');
    }
  });

  it("finds customers by email or name, with their orders, what they spent and the newsletter", async () => {
    const customer = (await createCustomer(t.deps.db, t.deps.storeId, {
      email: "cass@example.com",
      password: "a long customer passphrase",
      firstName: "Cass",
      lastName: "Cole",
    }))!;
    await t.deps.db.update(orders).set({ customerId: customer.id }).where(eq(orders.id, lee.id));
    const list = await html(await get("/admin/customers?q=cass+cole", owner));
    expect(list).toContain(`/admin/customers/${customer.id}"`);
    expect(await html(await get("/admin/customers?q=nobody", owner))).toContain("No customers match.");
    const detail = await html(await get(`/admin/customers/${customer.id}`, owner));
    expect(detail).toContain(`/admin/orders/${lee.number}"`);
    expect(detail).toContain(formatMoney(lee.totalCents));
    expect(detail).toContain("Not subscribed");
    expect((await get("/admin/customers/999999", owner)).status).toBe(404);
    expect((await get("/admin/orders/999999", owner)).status).toBe(404);
  });

  it("records each write in the audit trail by the member who made it", async () => {
    const trail = await html(await get("/admin/audit?entity=order", owner));
    for (const action of ["order.fulfil", "order.refund", "order.note", "order.resend-confirmation"]) expect(trail).toContain(action);
    expect(trail).toMatch(new RegExp(`by (<!-- -->)?${PACKER.email}`));
    expect(trail).toMatch(new RegExp(`by (<!-- -->)?${OWNER.email}`));
  });
});
