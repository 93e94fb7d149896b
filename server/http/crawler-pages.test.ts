/**
 * A crawler gets a page whole however long its slow parts wait (issue 38, decision 0075): the render deadline is 60 s
 * for a crawler (isbot), 5 s for a browser, which gets the page's shell at once and the rest streamed after it. The
 * wait is real: the test holds a lock on the table the home page's featured collection reads (an ACCESS EXCLUSIVE lock,
 * as a migration's ALTER TABLE takes), and lets go past the browser's deadline.
 */
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { cartWith } from "../../tests/support/checkout";
import { usingPostgres } from "../../tests/support/database";
import { startPageRenderer, type PageRenderer } from "../../tests/support/rendered-pages";
import { collections } from "../db/schema";

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
/** Past the browser's deadline (5 s, and the second the entry adds after the first render pass), well within the crawler's 60 s. */
const HELD_MS = 8_000;

let t: TestApp;
let renderer: PageRenderer;
let app: ReturnType<PageRenderer["appOf"]>;
beforeAll(async () => {
  t = await createTestApp();
  renderer = await startPageRenderer();
  app = renderer.appOf(t);
  // Compiles the pages and fills every cache the home page reads but the featured collection's.
  expect((await app.request("http://localhost/shop")).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await renderer?.close();
  await t?.database.dispose();
});

/** Holds the featured collection's table from another connection, once held, for `ms`; `letGo` tells when it was let go. */
async function collectionsHeldFor(ms: number) {
  const client = new pg.Client({ connectionString: t.database.url! });
  await client.connect();
  await client.query("begin");
  await client.query("lock table collections in access exclusive mode");
  const letGo = async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await client.query("commit");
    await client.end();
    return performance.now();
  };
  return { letGo: letGo() };
}

/** The answer's chunks as they come, each with when it came. */
async function chunksOf(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const chunks: { text: string; at: number }[] = [];
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) chunks.push({ text: decoder.decode(chunk.value, { stream: true }), at: performance.now() });
  return chunks;
}

/** Asks for the home page, the featured collection's table held for HELD_MS from the moment of asking. */
async function homeWhileHeld(headers: Record<string, string>) {
  // A content change: the featured collection is read afresh, not from the cache an earlier render filled.
  await t.deps.db.update(collections).set({ title: sql`${collections.title}` }).where(eq(collections.storeId, t.deps.storeId));
  const { letGo } = await collectionsHeldFor(HELD_MS);
  const started = performance.now();
  const response = await app.request("http://localhost/", { headers: { "accept-encoding": "identity", ...headers } });
  const chunks = await chunksOf(response);
  const released = await letGo;
  const html = chunks.map((chunk) => chunk.text).join("");
  return { response, html, chunks, started, released };
}

const FEATURED = 'aria-label="Featured collection"';
const SKELETONS = 'aria-label="Loading featured products"';

describe.skipIf(!usingPostgres())("a page whose render waits on the database", () => {
  it("is sent to a crawler whole, once the wait is over, past the browser's deadline", async () => {
    const { response, html, chunks, released } = await homeWhileHeld({ "user-agent": GOOGLEBOT });
    expect(response.status).toBe(200);
    expect(chunks[0].at).toBeGreaterThanOrEqual(released);
    expect(html).toContain(FEATURED);
    expect(html).not.toContain(SKELETONS);
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
  }, 30_000);

  it("is streamed to a browser: the shell at once, and past its deadline the rest left to it, never a 500", async () => {
    const { cookie } = await cartWith(t, 1);
    // A cart cookie: the page is the shopper's own, rendered and streamed for them rather than kept for everyone.
    const { response, html, chunks, started, released } = await homeWhileHeld({ "user-agent": CHROME, cookie });
    expect(response.status).toBe(200);
    expect(chunks[0].at).toBeLessThan(started + 4_000);
    const shell = chunks.filter((chunk) => chunk.at < started + 4_000).map((chunk) => chunk.text).join("");
    expect(shell).toContain(SKELETONS);
    // Cut at the browser's deadline, not kept waiting for the database: the browser renders the featured part itself.
    expect(chunks.at(-1)!.at).toBeLessThan(released);
    expect(html).not.toContain(FEATURED);
    // React's instruction to render the boundary in the browser.
    expect(html).toMatch(/\$RX\("B:\d+",null,"Switched to client rendering because the server rendering aborted/);
  }, 30_000);

  it("is rendered for a crawler that asks while a visitor's page, cut at the browser's deadline, is being made; the cut page is kept for no one", async () => {
    await t.deps.db.update(collections).set({ title: sql`${collections.title}` }).where(eq(collections.storeId, t.deps.storeId));
    const { letGo } = await collectionsHeldFor(HELD_MS);
    // A visitor with no cart or session: the page is one the page cache keeps for everyone, crawlers included.
    const visitor = app.request("http://localhost/", { headers: { "user-agent": CHROME, "accept-encoding": "identity" } });
    // The crawler asks a second into the visitor's render, and waits for it as the cache makes one answer at a time.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const crawler = await app.request("http://localhost/", { headers: { "user-agent": GOOGLEBOT, "accept-encoding": "identity" } });
    expect(await (await visitor).text()).not.toContain(FEATURED);
    expect(crawler.status).toBe(200);
    const html = await crawler.text();
    await letGo;
    expect(html).toContain(FEATURED);
    expect(html).not.toContain("Switched to client rendering");
    // And the next crawler, the database free again, is not given the visitor's cut page from the cache either.
    const next = await (await app.request("http://localhost/", { headers: { "user-agent": GOOGLEBOT, "accept-encoding": "identity" } })).text();
    expect(next).toContain(FEATURED);
  }, 30_000);
});
