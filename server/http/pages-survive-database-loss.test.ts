/**
 * Issue 31: the shop's PostgreSQL connections are terminated (pg_terminate_backend from an administrator's
 * connection) while every kind of page renders, and then the database is away for a while (the network to it cut, as
 * a stopped server would be, without stopping the server other tests share). The shop runs
 * as a process of its own, because what is at stake is the process: a promise a page's loader started and nobody
 * awaited rejected unhandled there, and Node ended the shop (decision 0040). PostgreSQL only: PGlite has no backends
 * to lose.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, usingPostgres, type TestDatabase } from "../../tests/support/database";
import { startDatabaseLink, type DatabaseLink } from "../../tests/support/database-link";
import { startShopProcess, type ShopProcess } from "../../tests/support/shop-process";
import { DEMO } from "../db/seed";
import { createStaff } from "../staff/accounts";
import { commandLineActor } from "../audit/audit";

const OWNER = { email: "owner@example.com", name: "Olive Owner", password: "a long owner passphrase", role: "owner" as const };
/** Long enough between faults for pages to render, short enough that many renders are caught in one. */
const FAULT_INTERVAL_MS = 150;
const FAULTS = 20;

describe.runIf(usingPostgres())("pages while the database connections are lost", () => {
  let database: TestDatabase;
  let shop: ShopProcess;
  let link: DatabaseLink;
  let dataDir: string;
  let admin: pg.Client;
  let databaseName: string;
  /** Each page type, with the cookie it needs (a cart's checkout, a signed-in owner). */
  let pages: { path: string; cookie?: string }[];
  let exit: string | null = null;

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    databaseName = new URL(database.url!).pathname.slice(1);
    await createStaff(database.db, commandLineActor(database.storeId), OWNER);
    dataDir = await mkdtemp(path.join(os.tmpdir(), "pages-database-loss-"));
    link = await startDatabaseLink(database.url!);
    shop = await startShopProcess({
      DATABASE_URL: link.url,
      DATA_DIR: dataDir,
      STORE_ID: database.storeId,
      NODE_ENV: "test",
      PAYMENT_PROVIDER: "simulated",
      LOG_LEVEL: "fatal",
      SHOP_PAGES: "vite",
    });
    let stderr = "";
    shop.child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    shop.child.on("exit", (code, signal) => {
      exit = `exited (${signal ?? code}):\n${stderr.slice(-2000)}`;
    });
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();

    const signIn = await fetch(`${shop.url}/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: OWNER.email, password: OWNER.password, redirectTo: "/admin" }),
      redirect: "manual",
    });
    expect(signIn.status).toBe(302);
    const staff = cookieOf(signIn, "staff_session");
    const sku = DEMO.subscriptions.houseBlend.sku;
    const cart = await postJson("/api/cart-items", { cartItems: [{ kind: "product", sku, quantity: 3 }] });
    const cartCookie = cart.headers.getSetCookie()[0].split(";")[0];
    const session = await postJson(
      "/api/stripe/create_checkout_session",
      { checkout_items: [{ quantity: 3, sku }], store_id: database.storeId, cost_of_checkout: 3 * 1600 },
      cartCookie,
    );
    expect(session.status).toBe(201);
    const { session_id } = (await session.json()) as { session_id: string };
    pages = [
      { path: "/" },
      { path: "/shop" },
      { path: `/search?query=${DEMO.collectionHandles.coffee}&type=collection-search` },
      { path: `/products/${DEMO.productHandles.houseBlend}` },
      { path: `/bundles/${DEMO.bundleHandles.pourOverKit}` },
      { path: "/blog" },
      { path: `/blog/${DEMO.blogSlug}` },
      { path: `/checkout/${session_id}`, cookie: cartCookie },
      { path: "/admin", cookie: staff },
    ];
    // Each page rendered once before any fault, so Vite has compiled it and a failure below is the fault's.
    for (const page of pages) expect(await statusOf(page), page.path).toBe(200);
  }, 300_000);

  afterAll(async () => {
    await admin?.end();
    await shop?.stop("SIGKILL");
    await link?.close();
    await database?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  function postJson(pathname: string, body: unknown, cookie?: string) {
    return fetch(shop.url + pathname, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  }

  /** The page's status, read to its end (a streamed page can still fail after its headers); "gone" if nobody answered. */
  async function statusOf(page: { path: string; cookie?: string }): Promise<number | "gone"> {
    try {
      const response = await fetch(shop.url + page.path, { headers: page.cookie ? { cookie: page.cookie } : {}, redirect: "manual" });
      await response.text();
      return response.status;
    } catch {
      return "gone";
    }
  }

  async function terminateShopBackends() {
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [
      databaseName,
    ]);
  }

  /** Every page until each answers 200 again, as a shopper reloading would; its last status if it never does. */
  async function afterRecovery() {
    const statuses: Record<string, number | "gone"> = {};
    for (const page of pages) {
      for (let attempt = 0; ; attempt++) {
        statuses[page.path] = await statusOf(page);
        if (statuses[page.path] === 200 || statuses[page.path] === "gone" || attempt === 20) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    return statuses;
  }

  const everyPage = (status: number) => Object.fromEntries(pages.map((page) => [page.path, status]));

  it("lives through connections terminated while every page renders, answering each 200 or 503, and 200 after", async () => {
    const seen = new Set<number | "gone">();
    let faulting = true;
    const shoppers = pages.map(async (page) => {
      while (faulting) seen.add(await statusOf(page));
    });
    for (let fault = 0; fault < FAULTS; fault++) {
      await terminateShopBackends();
      await new Promise((resolve) => setTimeout(resolve, FAULT_INTERVAL_MS));
    }
    faulting = false;
    await Promise.all(shoppers);
    expect(exit).toBeNull();
    expect([...seen].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(await afterRecovery()).toEqual(everyPage(200));
    expect(exit).toBeNull();
  }, 120_000);

  it("answers every page 503 while the database is away, lives, and answers 200 once it is back", async () => {
    await link.cut();
    const away: Record<string, number | "gone"> = {};
    for (const page of pages) away[page.path] = await statusOf(page);
    // Whatever a failed page left running settles before the process is judged.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(exit).toBeNull();
    expect(away).toEqual(everyPage(503));
    await link.mend();
    expect(await afterRecovery()).toEqual(everyPage(200));
    expect(exit).toBeNull();
  }, 120_000);
});

function cookieOf(response: Response, name: string): string {
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith(`${name}=`));
  if (!cookie) throw new Error(`no ${name} cookie in the answer`);
  return cookie.split(";")[0];
}
