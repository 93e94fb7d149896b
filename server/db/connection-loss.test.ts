import { eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { ADDRESS, SKU } from "../../tests/support/checkout";
import { usingPostgres } from "../../tests/support/database";
import { DATABASE_UNAVAILABLE_MESSAGE } from "../http/errors";
import { orderLines, orders, variants } from "./schema";
import { TEST_CARDS } from "../payments/simulated";

const SHOPPERS = 40;
const STOCK = 200;
const UNIT_CENTS = 2500;
/** Retries of a call the shop answered 503 once the faults have stopped; while they go on, a shopper keeps trying. */
const RETRIES = 8;
/** Long enough between faults for a checkout to get through, short enough that many calls are caught in one. */
const FAULT_INTERVAL_MS = 120;
/**
 * Rounds of faults. They stop before the checkouts do: on a machine busy with other tests a call can take longer than
 * the interval, and faults without end then let no checkout through at all.
 */
const FAULT_ROUNDS = 30;

type Answer = { step: string; status: number; body: unknown };

/**
 * The shop's PostgreSQL backends are killed again and again while shoppers check out, as a failover or an
 * administrator would. PGlite has no backends to lose, so this runs on PostgreSQL only.
 */
describe.skipIf(!usingPostgres())("losing the database connection during checkouts", () => {
  let t: TestApp;
  let admin: pg.Client;
  let databaseName: string;
  const answers: Answer[] = [];
  let faultsOver = false;

  beforeAll(async () => {
    t = await createTestApp();
    await t.deps.db.update(variants).set({ stock: STOCK, priceCents: UNIT_CENTS }).where(eq(variants.sku, SKU));
    const result = await t.deps.db.execute(sql`select current_database() as name`);
    databaseName = (result as unknown as { rows: { name: string }[] }).rows[0].name;
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.query(`alter database ${databaseName} allow_connections true`).catch(() => {});
    await admin?.end();
    await t.database.dispose();
  });

  /** One call, retried as a shopper would while the shop says it is briefly away; every answer is kept. */
  async function call(step: string, method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
    for (let attempt = 0; ; attempt++) {
      const response = await t.call(method, path, body, headers);
      const answer: Answer = { step, status: response.status, body: await response.json().catch(() => null) };
      answers.push(answer);
      if (response.status !== 503 || (faultsOver && attempt >= RETRIES)) return { response, answer };
      await new Promise((resolve) => setTimeout(resolve, 20 * Math.min(attempt + 1, RETRIES)));
    }
  }

  async function shop(index: number) {
    const quantity = 1 + (index % 3);
    const cart = await call("save cart", "POST", "/api/cart-items", { cartItems: [{ kind: "product", sku: SKU, quantity }] });
    const cookie = cart.response.headers.getSetCookie()[0]?.split(";")[0];
    if (cart.response.status !== 200 || !cookie) return;
    const session = await call(
      "create session",
      "POST",
      "/api/stripe/create_checkout_session",
      { checkout_items: [{ quantity, sku: SKU }], store_id: "demo", cost_of_checkout: UNIT_CENTS * quantity },
      { cookie },
    );
    if (session.response.status !== 201) return;
    const { session_id } = session.answer.body as { session_id: string };
    const submitted = await call(
      "submit order",
      "POST",
      "/api/stripe/submit_order",
      {
        session_id,
        store_id: "demo",
        address: ADDRESS,
        email: `shopper-${index}@example.com`,
        name: `Shopper ${index}`,
        shipping_option: "standard",
      },
      { cookie },
    );
    if (submitted.response.status !== 200) return;
    const { client_secret } = submitted.answer.body as { client_secret: string };
    await call("pay", "POST", "/api/stripe/simulated/confirm", {
      client_secret,
      card: { number: TEST_CARDS.succeeds, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: "123" },
    });
  }

  async function terminateShopBackends() {
    const result = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [databaseName],
    );
    return result.rowCount ?? 0;
  }

  /** pg_terminate_backend only signals; the backends end a moment later. */
  async function untilShopBackendsGone() {
    for (;;) {
      const result = await admin.query("select count(*)::int as alive from pg_stat_activity where datname = $1", [databaseName]);
      if (result.rows[0].alive === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async function readiness() {
    return (await t.call("GET", "/readyz")).status;
  }

  it("answers 503 while it is lost, never crashes or 500s, and leaves every order whole and stock conserved", async () => {
    let checkoutsDone = false;
    let terminations = 0;
    let backendsKilled = 0;
    const checkouts = Promise.all(Array.from({ length: SHOPPERS }, (_, index) => shop(index))).finally(() => {
      checkoutsDone = true;
    });
    const killer = (async () => {
      while (!checkoutsDone && terminations < FAULT_ROUNDS) {
        backendsKilled += await terminateShopBackends();
        terminations++;
        await new Promise((resolve) => setTimeout(resolve, FAULT_INTERVAL_MS));
      }
      faultsOver = true;
    })();
    await Promise.all([checkouts, killer]);
    await (t.deps.payments as { drain?: () => Promise<void> }).drain?.();

    const unavailable = answers.filter((answer) => answer.status === 503);
    const failed = answers.filter((answer) => answer.status >= 500 && answer.status !== 503);
    console.info(
      `${SHOPPERS} shoppers, ${answers.length} calls, ${unavailable.length} answered 503, ${terminations} terminations killing ${backendsKilled} backends; statuses: ${JSON.stringify(countBy(answers.map((a) => `${a.step} ${a.status}`)))}`,
    );
    expect(failed).toEqual([]);
    // A fault must never pass for the shopper's mistake (a payment called unknown, a cart called empty).
    expect(answers.filter((answer) => answer.status >= 400 && answer.status !== 503)).toEqual([]);
    for (const answer of unavailable) expect(answer.body).toEqual({ error: DATABASE_UNAVAILABLE_MESSAGE });
    // The fault was real: some calls were caught in it.
    expect(backendsKilled).toBeGreaterThan(0);
    expect(unavailable.length).toBeGreaterThan(0);

    // Back once the database answers again: the pool opens new connections by itself.
    expect(await readiness()).toBe(200);

    const placed = await t.deps.db.select().from(orders);
    const lines = placed.length
      ? await t.deps.db.select().from(orderLines).where(inArray(orderLines.orderId, placed.map((order) => order.id)))
      : [];
    expect(placed.filter((order) => order.status === "paid").length).toBeGreaterThan(0);
    for (const order of placed) {
      const own = lines.filter((line) => line.orderId === order.id);
      const shopper = Number(/^shopper-(\d+)@/.exec(order.email)?.[1]);
      // Whole: the lines it was written with, the quantity its shopper asked for, and totals that add up.
      expect(own, `order ${order.id}`).toHaveLength(1);
      expect(own[0]).toMatchObject({ sku: SKU, quantity: 1 + (shopper % 3), stockComponents: { [SKU]: 1 } });
      expect(order.subtotalCents).toBe(own[0].lineTotalCents);
    }
    const holding = new Set(["pending", "paid"]);
    const heldOrSold = lines
      .filter((line) => holding.has(placed.find((order) => order.id === line.orderId)!.status))
      .reduce((sum, line) => sum + line.quantity, 0);
    const [variant] = await t.deps.db.select({ stock: variants.stock }).from(variants).where(eq(variants.sku, SKU));
    expect(variant.stock + heldOrSold).toBe(STOCK);
  }, 120_000);

  it("reports 503 on /readyz while the database refuses connections, and 200 once it accepts them again", async () => {
    await admin.query(`alter database ${databaseName} allow_connections false`);
    await terminateShopBackends();
    await untilShopBackendsGone();
    expect(await readiness()).toBe(503);
    await admin.query(`alter database ${databaseName} allow_connections true`);
    expect(await readiness()).toBe(200);
  });
});

function countBy(values: string[]) {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
