/**
 * A shop process killed with SIGKILL in the middle of a burst of checkouts, then started again on the same
 * PostgreSQL database: every shopper whose card form answered "succeeded" ends with a paid order (the start-up
 * reconciliation finds the payments the crash cut off from their events), and no unit of stock is lost or made.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SKU } from "../../tests/support/checkout";
import { createTestDatabase, usingPostgres, type TestDatabase } from "../../tests/support/database";
import { startShopProcess, type ShopProcess } from "../../tests/support/shop-process";
import { orderLines, orders, variants } from "../db/schema";
import { TEST_CARDS } from "../payments/simulated";

const SHOPPERS = 24;
/** The kill comes as the answer to this many "succeeded" reaches its shopper, with the others' payments in flight. */
const KILL_AFTER_SUCCEEDED = 8;
const BAGS_EACH = 2;
const STOCK = 500;
const ADDRESS = { line1: "1 Main St", city: "Sacramento", state: "CA", postal_code: "95814", country: "US" };

let db: TestDatabase;
let shop: ShopProcess | null = null;

beforeAll(async () => {
  if (!usingPostgres()) return;
  db = await createTestDatabase({ seed: true });
  await db.db.update(variants).set({ stock: STOCK }).where(eq(variants.sku, SKU));
});
afterAll(async () => {
  await shop?.stop("SIGKILL");
  await db?.dispose();
});

const startShop = () => startShopProcess({ DATABASE_URL: db.url!, STORE_ID: db.storeId, NODE_ENV: "test", PAYMENT_PROVIDER: "simulated" });

/** One shopper from cart to the simulated card form; the order id when the form answered "succeeded". */
async function checkOut(url: string, index: number): Promise<number | null> {
  const post = async (path: string, body: unknown, cookie = "") => {
    const response = await fetch(`${url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    return { response, body: (await response.json()) as Record<string, unknown> };
  };
  const cart = await post("/api/cart-items", { cartItems: [{ kind: "product", sku: SKU, quantity: BAGS_EACH }] });
  const cookie = cart.response.headers.getSetCookie()[0].split(";")[0];
  const session = await post(
    "/api/stripe/create_checkout_session",
    { checkout_items: [{ quantity: BAGS_EACH, sku: SKU }], store_id: "demo", cost_of_checkout: 1600 * BAGS_EACH },
    cookie,
  );
  const details = {
    session_id: session.body.session_id,
    store_id: "demo",
    address: ADDRESS,
    email: `shopper${index}@example.com`,
    name: `Shopper ${index}`,
    shipping_option: "standard",
  };
  const submitted = await post("/api/stripe/submit_order", details, cookie);
  if (submitted.response.status !== 200) throw new Error(`submit_order answered ${submitted.response.status}: ${JSON.stringify(submitted.body)}`);
  const confirmed = await post(
    "/api/stripe/simulated/confirm",
    { client_secret: submitted.body.client_secret, card: { number: TEST_CARDS.succeeds, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: "123" } },
    cookie,
  );
  return confirmed.body.status === "succeeded" ? (submitted.body.order_id as number) : null;
}

async function statusesOf(orderIds: number[]) {
  return db.db.select({ id: orders.id, status: orders.status }).from(orders).where(inArray(orders.id, orderIds));
}

describe.skipIf(!usingPostgres())("kill -9 during a checkout burst, then a start", () => {
  it("gives every shopper told 'succeeded' a paid order, and conserves the stock", async () => {
    shop = await startShop();
    const killed = shop;
    const told: number[] = [];
    const unfinished: unknown[] = [];
    await Promise.all(
      Array.from({ length: SHOPPERS }, async (_, index) => {
        try {
          const orderId = await checkOut(killed.url, index);
          if (orderId === null) return;
          told.push(orderId);
          if (told.length === KILL_AFTER_SUCCEEDED) killed.child.kill("SIGKILL");
        } catch (error) {
          // The process died under this shopper: they were told nothing, or an error.
          unfinished.push(error);
        }
      }),
    );
    await killed.stop("SIGKILL");
    expect(told.length).toBeGreaterThanOrEqual(KILL_AFTER_SUCCEEDED);
    expect(unfinished.length, "the kill came after every checkout had finished").toBeGreaterThan(0);

    // The new process reconciles at start; the shoppers' orders are paid once it has.
    shop = await startShop();
    const deadline = Date.now() + 20_000;
    let statuses = await statusesOf(told);
    while (statuses.some((order) => order.status !== "paid") && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      statuses = await statusesOf(told);
    }
    expect(statuses.filter((order) => order.status !== "paid")).toEqual([]);
    expect(statuses).toHaveLength(told.length);

    // Every bag is on the shelf, held by an unpaid order, or sold.
    const [{ committed }] = await db.db
      .select({ committed: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orderLines.sku, SKU), inArray(orders.status, ["pending", "paid"])));
    const [{ stock }] = await db.db.select({ stock: variants.stock }).from(variants).where(eq(variants.sku, SKU));
    expect(stock + committed).toBe(STOCK);
  });
});
