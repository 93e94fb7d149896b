import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WISHLIST_LIMIT } from "../../core/wishlist";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { customers, mailOutbox, products, wishlistItems } from "../db/schema";
import { DEMO } from "../db/seed-content";
import { newCartToken } from "../cart/store";
import { sendPriceDropEmails, stopLinkFor, stopPriceDropEmails } from "./price-drops";
import {
  mergeGuestWishlist,
  removeFromWishlist,
  saveToWishlist,
  savedProductHandles,
  setPriceDropAlerts,
  wishlistOwnerForSave,
  wishlistOwnerOf,
  wishlistProducts,
} from "./wishlist";

const { mug, kettle, frenchPress, filters, campMug } = DEMO.productHandles;
const STORE = DEMO.storeId;
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.database.dispose());

function guestRequest(): { request: Request; cartCookie: string; guestCartId: string } {
  const { cartId, setCookie } = newCartToken(t.deps.config);
  const cartCookie = setCookie.split(";")[0];
  return { request: new Request("http://localhost/", { headers: { cookie: cartCookie } }), cartCookie, guestCartId: cartId };
}

let accounts = 0;
async function newCustomer(): Promise<{ id: number; email: string; password: string }> {
  accounts += 1;
  const email = `wisher${accounts}@example.com`;
  const password = "blue coffee beans";
  const signup = await t.call("POST", "/api/auth/signup", { email, password, store_id: STORE, first_name: "Wes", last_name: "Wisher" });
  expect(signup.status).toBe(201);
  const [row] = await t.deps.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email));
  return { id: row.id, email, password };
}

async function setLowestPrice(handle: string, cents: number) {
  await t.deps.db.execute(sql`
    update variants set price_cents = ${cents}
    where product_id = (select id from products where store_id = ${STORE} and handle = ${handle})`);
}

const mailsOfKind = (kind: string, to: string) =>
  t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.to, to)));

describe("a wishlist", () => {
  it("keeps a guest's saves with the cart cookie, each product once, and hands the guest a cookie at the first save", async () => {
    const first = wishlistOwnerForSave(t.deps.config, null, new Request("http://localhost/"));
    expect(first.setCookie).toMatch(/^cart=[A-Za-z0-9_-]{43};/);
    const { request } = guestRequest();
    const { owner, setCookie } = wishlistOwnerForSave(t.deps.config, null, request);
    expect(setCookie).toBeUndefined();
    await saveToWishlist(t.deps.db, STORE, owner, mug);
    await saveToWishlist(t.deps.db, STORE, owner, kettle);
    await saveToWishlist(t.deps.db, STORE, owner, mug);
    expect(await savedProductHandles(t.deps.db, STORE, owner)).toEqual([kettle, mug]);
    const cards = await wishlistProducts(t.deps.db, STORE, owner);
    expect(cards.map((card) => card.id)).toEqual([kettle, mug]);
    expect(cards[0].variants[0].total_stock).toEqual(expect.any(Number));
    await removeFromWishlist(t.deps.db, STORE, owner, mug);
    expect(await savedProductHandles(t.deps.db, STORE, owner)).toEqual([kettle]);
    expect(await savedProductHandles(t.deps.db, STORE, wishlistOwnerOf(null, new Request("http://localhost/")))).toEqual([]);
  });

  it("refuses a product the shop does not sell, and a save past the limit, changing nothing", async () => {
    const { guestCartId } = guestRequest();
    const owner = { guestCartId };
    await expect(saveToWishlist(t.deps.db, STORE, owner, "no-such-product")).rejects.toMatchObject({ kind: "not-found", field: "product" });
    const made = await t.deps.db
      .insert(products)
      .values(Array.from({ length: WISHLIST_LIMIT }, (_, i) => ({ storeId: STORE, handle: `wished-${i}`, title: `Wished ${i}` })))
      .returning({ id: products.id });
    await t.deps.db.insert(wishlistItems).values(made.map((product) => ({ storeId: STORE, guestCartId, productId: product.id, priceSeenCents: 0 })));
    await expect(saveToWishlist(t.deps.db, STORE, owner, mug)).rejects.toMatchObject({ kind: "rule-broken", field: "product" });
    expect(await savedProductHandles(t.deps.db, STORE, owner)).not.toContain(mug);
    await t.deps.db.delete(products).where(sql`${products.handle} like 'wished-%'`);
  });

  it("joins the account's wishlist at sign-in, a product saved on both kept once", async () => {
    const customer = await newCustomer();
    await saveToWishlist(t.deps.db, STORE, { customerId: customer.id }, frenchPress);
    const guest = guestRequest();
    await saveToWishlist(t.deps.db, STORE, { guestCartId: guest.guestCartId }, frenchPress);
    await saveToWishlist(t.deps.db, STORE, { guestCartId: guest.guestCartId }, filters);
    const login = await t.call("POST", "/api/auth/login", { email: customer.email, password: customer.password, store_id: STORE }, { cookie: guest.cartCookie });
    expect(login.status).toBe(200);
    expect((await savedProductHandles(t.deps.db, STORE, { customerId: customer.id })).sort()).toEqual([filters, frenchPress].sort());
    expect(await savedProductHandles(t.deps.db, STORE, { guestCartId: guest.guestCartId })).toEqual([]);
    // Nothing to join the second time.
    await mergeGuestWishlist(t.deps.db, STORE, guest.request, customer.id);
    expect(await savedProductHandles(t.deps.db, STORE, { customerId: customer.id })).toHaveLength(2);
  });
});

describe("price-drop emails", () => {
  it("tell an opted-in customer once when a saved product gets cheaper, then at most once a week, with a stop link", async () => {
    const customer = await newCustomer();
    const quiet = await newCustomer();
    await setLowestPrice(campMug, 2000);
    await saveToWishlist(t.deps.db, STORE, { customerId: customer.id }, campMug);
    await saveToWishlist(t.deps.db, STORE, { customerId: quiet.id }, campMug);
    await setPriceDropAlerts(t.deps.db, STORE, customer.id, true);
    const now = new Date();
    expect(await sendPriceDropEmails(t.deps, STORE, now)).toBe(0);

    await setLowestPrice(campMug, 1500);
    expect(await sendPriceDropEmails(t.deps, STORE, now)).toBe(1);
    const [mail] = await mailsOfKind("price-drop", customer.email);
    expect(mail.subject).toContain("$15.00");
    expect(mail.text).toContain("(it was $20.00)");
    expect(mail.text).toContain(`/products/${campMug}`);
    expect(await mailsOfKind("price-drop", quiet.email)).toHaveLength(0);

    // Cheaper again within the week: no second email until the week is out.
    await setLowestPrice(campMug, 1200);
    expect(await sendPriceDropEmails(t.deps, STORE, new Date(now.getTime() + 3 * DAY))).toBe(0);
    expect(await sendPriceDropEmails(t.deps, STORE, new Date(now.getTime() + 8 * DAY))).toBe(1);
    expect(await mailsOfKind("price-drop", customer.email)).toHaveLength(2);

    // A rise is not news, but it raises the bar: the next fall below it is.
    await setLowestPrice(campMug, 1800);
    expect(await sendPriceDropEmails(t.deps, STORE, new Date(now.getTime() + 16 * DAY))).toBe(0);
    await setLowestPrice(campMug, 1700);
    expect(await sendPriceDropEmails(t.deps, STORE, new Date(now.getTime() + 17 * DAY))).toBe(1);

    const stop = new URL(await stopLinkFor(t.deps, STORE, customer.id, now));
    expect(stop.pathname).toBe("/wishlist/price-emails/stop");
    expect(await stopPriceDropEmails(t.deps.db, STORE, `${stop.searchParams.get("token")}x`)).toBe(false);
    expect(await stopPriceDropEmails(t.deps.db, STORE, stop.searchParams.get("token")!)).toBe(true);
    await setLowestPrice(campMug, 1000);
    expect(await sendPriceDropEmails(t.deps, STORE, new Date(now.getTime() + 30 * DAY))).toBe(0);
  });

  it("sends one email when two instances run the job at once", async () => {
    const customer = await newCustomer();
    await setLowestPrice(kettle, 5000);
    await saveToWishlist(t.deps.db, STORE, { customerId: customer.id }, kettle);
    await setPriceDropAlerts(t.deps.db, STORE, customer.id, true);
    await setLowestPrice(kettle, 4000);
    const sent = await Promise.all([sendPriceDropEmails(t.deps, STORE), sendPriceDropEmails(t.deps, STORE)]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(await mailsOfKind("price-drop", customer.email)).toHaveLength(1);
  });
});
