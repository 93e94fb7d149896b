/**
 * `npm run bench:big` (issue 38): the demo shop (SMALL) beside the big one (BIG: the demo shop and, written with SQL
 * into its tables, 50,000 products of three variants, 50,000 customers, 200,000 orders over two years and two million
 * analytics events over 180 days, tests/support/big-shop.ts), each served by the production server on a PostgreSQL
 * scratch database of its own. Every row of the table is asked 20 times one after another (after one request
 * that warms the server's caches), and printed as median and p95 for both, with the server's peak resident memory
 * (VmHWM) after them. BENCH_DATABASE_URL names the PostgreSQL server (postgres://postgres@127.0.0.1:5432/postgres
 * unless set); BENCH_BIG_SCALE shrinks BIG (0.1: a tenth of everything). Needs a production build (`npm run build`).
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { commandLineActor } from "../../server/audit/audit";
import { openDatabase, rowsOf } from "../../server/db/client";
import { createStaff } from "../../server/staff/accounts";
import { createStaffSession, STAFF_SESSION_COOKIE } from "../../server/staff/sessions";
import { createApiToken } from "../../server/staff/tokens";
import { bigShopSize, generateBigShop, type BigShopCounts } from "../../tests/support/big-shop";
import { withScratchDatabase } from "./scratch-database";
import { launch, peakMegabytes, serverEnv, storeTwoBagCart } from "./server";

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SCALE = Number(process.env.BENCH_BIG_SCALE ?? 1);
const REQUESTS = 20;
/** The target for every back-office screen and admin API on BIG. */
const BACK_OFFICE_P95_MS = 300;

type Who = "shopper" | "staff" | "token" | "checkout";
type Row = { what: string; path: string; who: Who; method?: "POST"; body?: (context: Context) => unknown; backOffice?: boolean };
type Context = { staffCookie: string; tokenHeader: string; cartCookie: string; sessionId: string };

/** A month of orders for the CSV: the last whole month before today. */
function lastMonth(now = new Date()) {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

function rows(): Row[] {
  const month = lastMonth();
  const address = { name: "Bench Shopper", line1: "1 Main St", city: "Sacramento", state: "CA", postal_code: "95814", country: "US" };
  return [
    { what: "home page /", path: "/", who: "shopper" },
    { what: "/shop", path: "/shop", who: "shopper" },
    { what: "a product page", path: "/products/house-blend", who: "shopper" },
    { what: "collection API coffee", path: "/api/search/collection?collection_name=coffee&store_id=demo", who: "shopper" },
    { what: "admin dashboard /admin", path: "/admin", who: "staff", backOffice: true },
    { what: "analytics, 30 days", path: "/admin/analytics?days=30", who: "staff", backOffice: true },
    { what: "analytics, 180 days", path: "/admin/analytics?days=180", who: "staff", backOffice: true },
    { what: "orders.csv for one month", path: `/api/admin/orders.csv?from=${month.from}&to=${month.to}`, who: "token", backOffice: true },
    { what: "orders list, first page", path: "/admin/orders", who: "staff", backOffice: true },
    { what: "orders search by email", path: `/admin/orders?q=${encodeURIComponent("big.customer.1234@example.com")}`, who: "staff", backOffice: true },
    { what: "orders search by number", path: `/admin/orders?q=${encodeURIComponent("#12345")}`, who: "staff", backOffice: true },
    { what: "orders search (admin API)", path: `/api/admin/orders?q=${encodeURIComponent("big.customer.1234@")}`, who: "token", backOffice: true },
    { what: "customers list", path: "/admin/customers", who: "staff", backOffice: true },
    { what: "customers search by name", path: "/admin/customers?q=Nakamura-12", who: "staff", backOffice: true },
    { what: "customers (admin API)", path: "/api/admin/customers", who: "token", backOffice: true },
    { what: "products list", path: "/admin/products", who: "staff", backOffice: true },
    {
      what: "tax preview of a checkout",
      path: "/api/stripe/preview_tax",
      who: "checkout",
      method: "POST",
      body: ({ sessionId }) => ({ session_id: sessionId, store_id: "demo", address, email: "bench@example.com", name: "Bench Shopper", shipping_option: "standard" }),
    },
  ];
}

type Timing = { what: string; statuses: number[]; bytes: number; p50: number; p95: number; backOffice: boolean };
type ShopFigures = { label: string; counts: BigShopCounts | null; buildMs: number; timings: Timing[]; peakMb: number };

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/** A staff session and an API token of the shop's owner, and a shopper's cart with a checkout session open on it. */
async function signIn(databaseUrl: string, storeId: string): Promise<Omit<Context, "cartCookie" | "sessionId">> {
  const database = await openDatabase(databaseUrl);
  try {
    const actor = commandLineActor(storeId);
    const member = await createStaff(database.db, actor, { email: "bench-owner@example.com", name: "Bench Owner", password: "a long bench passphrase", role: "owner" });
    const { token } = await createStaffSession(database.db, storeId, member.id, undefined);
    const { secret } = await createApiToken(database.db, actor, { name: "bench", role: "manager" });
    return { staffCookie: `${STAFF_SESSION_COOKIE}=${token}`, tokenHeader: `Bearer ${secret}` };
  } finally {
    await database.close();
  }
}

async function openCheckout(baseUrl: string): Promise<{ cartCookie: string; sessionId: string }> {
  const cartCookie = await storeTwoBagCart(baseUrl);
  const response = await fetch(`${baseUrl}/api/stripe/create_checkout_session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl, cookie: cartCookie },
    body: JSON.stringify({ checkout_items: [{ quantity: 2, sku: "HOUSE-12OZ-WB" }], store_id: "demo", cost_of_checkout: 3200 }),
  });
  if (response.status !== 201) throw new Error(`could not open a checkout: ${response.status} ${await response.text()}`);
  return { cartCookie, sessionId: ((await response.json()) as { session_id: string }).session_id };
}

async function time(baseUrl: string, row: Row, context: Context): Promise<Timing> {
  const headers: Record<string, string> = { "accept-encoding": "br, gzip", origin: baseUrl };
  if (row.who === "staff") headers.cookie = context.staffCookie;
  if (row.who === "token") headers.authorization = context.tokenHeader;
  if (row.who === "checkout") headers.cookie = context.cartCookie;
  if (row.body) headers["content-type"] = "application/json";
  const ask = async () => {
    const started = performance.now();
    const response = await fetch(baseUrl + row.path, { method: row.method ?? "GET", headers, body: row.body ? JSON.stringify(row.body(context)) : undefined, redirect: "manual" });
    const bytes = (await response.arrayBuffer()).byteLength;
    return { ms: performance.now() - started, status: response.status, bytes };
  };
  await ask();
  const answers = [];
  for (let index = 0; index < REQUESTS; index++) answers.push(await ask());
  const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  return {
    what: row.what,
    statuses: [...new Set(answers.map((answer) => answer.status))],
    bytes: answers[0].bytes,
    p50: Math.round(percentile(sorted, 0.5)),
    p95: Math.round(percentile(sorted, 0.95)),
    backOffice: row.backOffice === true,
  };
}

/** One shop on a scratch database: seeded by the server's first start, made BIG when asked, then measured. */
async function benchShop(label: string, port: number, big: boolean): Promise<ShopFigures> {
  return withScratchDatabase(SERVER_URL, async (databaseUrl) => {
    const dataDir = path.resolve(`bench-results/data-big-${label}`);
    const { rm } = await import("node:fs/promises");
    await rm(dataDir, { recursive: true, force: true });
    const env = serverEnv({ port, dataDir, databaseUrl });
    await (await launch(port, env)).stop();
    const database = await openDatabase(databaseUrl);
    let counts: BigShopCounts | null = null;
    let buildMs = 0;
    const [{ id: storeId }] = await rowsOf<{ id: string }>(database.db, sql`select id from stores order by id limit 1`);
    try {
      const started = performance.now();
      if (big) counts = await generateBigShop(database.db, storeId, bigShopSize(SCALE));
      buildMs = Math.round(performance.now() - started);
    } finally {
      await database.close();
    }
    const signedIn = await signIn(databaseUrl, storeId);
    const server = await launch(port, env);
    try {
      const context: Context = { ...signedIn, ...(await openCheckout(server.url)) };
      const timings: Timing[] = [];
      for (const row of rows()) {
        timings.push(await time(server.url, row, context));
        console.error(`${label} ${row.what}: p50 ${timings.at(-1)!.p50} ms, p95 ${timings.at(-1)!.p95} ms (${timings.at(-1)!.statuses.join(", ")})`);
      }
      return { label, counts, buildMs, timings, peakMb: peakMegabytes(server.process.pid!) };
    } finally {
      await server.stop();
    }
  });
}

function print(small: ShopFigures, big: ShopFigures) {
  const counts = big.counts!;
  console.log(
    `\n## SMALL (the demo shop) and BIG (scale ${SCALE}: ${counts.products} products, ${counts.variants} variants, ${counts.customers} customers, ${counts.orders} orders, ${counts.lines} lines, ${counts.refunds} refunds, ${counts.events} analytics events, ${counts.dailyRows} daily rows; built in ${Math.round(big.buildMs / 1000)} s): ${REQUESTS} requests each, ms`,
  );
  console.table(
    small.timings.map((timing, index) => {
      const other = big.timings[index];
      return {
        what: timing.what,
        "SMALL p50": timing.p50,
        "SMALL p95": timing.p95,
        "BIG p50": other.p50,
        "BIG p95": other.p95,
        "× p50": Math.round((other.p50 / Math.max(1, timing.p50)) * 10) / 10,
        "BIG KB": Math.round(other.bytes / 1024),
        status: [...new Set([...timing.statuses, ...other.statuses])].join(" "),
        [`back office < ${BACK_OFFICE_P95_MS} ms`]: other.backOffice ? (other.p95 < BACK_OFFICE_P95_MS ? "yes" : "NO") : "",
      };
    }),
  );
  console.log(`server peak memory (VmHWM): SMALL ${small.peakMb} MB, BIG ${big.peakMb} MB`);
}

await mkdir("bench-results", { recursive: true });
const small = await benchShop("small", 4420, false);
const big = await benchShop("big", 4421, true);
print(small, big);
const file = path.join("bench-results", `bench-big-${Date.now()}.json`);
await writeFile(file, JSON.stringify({ at: new Date().toISOString(), scale: SCALE, requests: REQUESTS, small, big }, null, 2));
console.log(`written to ${file}`);
process.exit(0);
