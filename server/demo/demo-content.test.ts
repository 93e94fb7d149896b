/**
 * "Remove the demo content" (decision 0067) against the database: the preview lists what goes and changes nothing;
 * the removal takes the demo's rows and words, keeps what a shop needs and what its owner made (orders, customers,
 * their own products), is audited, happens once (also when two instances race it on PostgreSQL), refuses while a
 * subscription renews a demo product; and the setup's empty start removes it in the transaction that makes the owner.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { subscribedBy } from "../../tests/support/checkout";
import { guestWhoSignsUp } from "../../tests/support/customers";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import { commandLineActor, type AuditActor } from "../audit/audit";
import { withoutDeadLinks } from "../catalog/navigation";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { readContentVersions } from "../db/content-version";
import {
  auditEvents,
  blogPosts,
  bundleProducts,
  bundles,
  collectionProducts,
  collections,
  customers,
  demoContent,
  discounts,
  orderLines,
  orders,
  pageSections,
  pages,
  products,
  reviews,
  shippingOptions,
  stores,
  taxRates,
  testimonials,
  variants,
} from "../db/schema";
import { BUNDLES, DEMO, DISCOUNTS, PAGES, PRODUCTS, REVIEWS, TESTIMONIALS } from "../db/seed-content";
import { createRateLimiter } from "../http/rate-limit";
import { localImageStorage, type ImageStorage } from "../images/storage";
import { hasStaff } from "../staff/accounts";
import { ensureSetupLink } from "../staff/setup-link";
import { getStoreSettings } from "../store/settings";
import { hasDemoContent, previewDemoRemoval, removeDemoContent, type DemoRemoval } from "./demo-content";
import { setUpShop } from "./shop-setup";

const storeId = DEMO.storeId;
let picturesDir: string;
let storage: ImageStorage;

beforeAll(async () => {
  picturesDir = await mkdtemp(path.join(os.tmpdir(), "storefront-demo-removal-"));
  storage = localImageStorage(picturesDir);
});
afterAll(async () => {
  await rm(picturesDir, { recursive: true, force: true });
});

const errorOf = (promise: Promise<unknown>) => promise.then(() => null, (error: Error) => error);

async function rowsOf(db: TestDatabase["db"], table: typeof products | typeof bundles | typeof discounts | typeof reviews | typeof testimonials | typeof blogPosts) {
  const [row] = await db.select({ n: count() }).from(table).where(eq(table.storeId, storeId));
  return row.n;
}

const removals = (db: TestDatabase["db"]) =>
  db.select().from(auditEvents).where(and(eq(auditEvents.storeId, storeId), eq(auditEvents.action, "demo.remove"), eq(auditEvents.entity, "store")));

describe("the preview", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
  });
  afterAll(() => database.dispose());

  it("names everything the removal would take, and changes nothing", async () => {
    const versions = await readContentVersions(database.db);
    const preview = (await previewDemoRemoval({ db: database.db, imageStorage: storage }, storeId))!;
    expect(preview.products).toHaveLength(PRODUCTS.length);
    expect(preview.products).toContain("Tidewater House Blend");
    expect(preview.bundles.sort()).toEqual(BUNDLES.map((bundle) => bundle.title).sort());
    expect(preview.discounts.sort()).toEqual(DISCOUNTS.map((discount) => discount.code).sort());
    expect(preview.discounts).toEqual(expect.arrayContaining(["TENOFF", "FREESHIP", "SAVE15"]));
    expect(preview.reviews).toBe(REVIEWS.length);
    expect(preview.customerReviews).toBe(0);
    expect(preview.testimonials.sort()).toEqual(TESTIMONIALS.map((testimonial) => testimonial.name).sort());
    expect(preview.posts).toEqual(["Brewing Better Coffee at Home"]);
    expect(preview.pages.sort()).toEqual(PAGES.map((page) => page.title).sort());
    expect(preview.collections).toEqual(
      expect.arrayContaining([
        { title: "All Products", members: PRODUCTS.length + BUNDLES.length, removed: false },
        { title: "Coffee", members: expect.any(Number), removed: true },
      ]),
    );
    expect(preview.pictures).toEqual(expect.arrayContaining(["the logo with the demo shop's name", "the newsletter picture ('Join the Tidewater newsletter')"]));
    expect(preview.settings).toEqual(expect.arrayContaining(["Minimum order: $20.00 → none", "Store name: Tidewater Coffee & Tea → My shop"]));
    expect(preview.settings.join(" ")).toMatch(/Links to what goes: .*menu: Coffee.*menu: About/);
    expect(preview.blockers).toEqual([]);

    expect(await rowsOf(database.db, products)).toBe(PRODUCTS.length);
    expect(await rowsOf(database.db, discounts)).toBe(DISCOUNTS.length);
    expect(await hasDemoContent(database.db, storeId)).toBe(true);
    expect(await removals(database.db)).toEqual([]);
    expect((await getStoreSettings(database.db, storeId)).websiteTitle).toBe(DEMO.storeName);
    expect(await readContentVersions(database.db)).toEqual(versions);
  });
});

describe("the removal", () => {
  let t: TestApp;
  let removal: DemoRemoval | null;
  let owner: AuditActor;
  let order: typeof orders.$inferSelect;
  let ownProductId: number;
  const db = () => t.deps.db;

  beforeAll(async () => {
    t = await createTestApp();
    t.deps.imageStorage = storage;
    owner = { storeId, kind: "staff", id: 1, label: "owner@example.com" };
    // The owner tried the demo: a paid order of House Blend, and a product of their own in the demo's Coffee.
    ({ order } = await guestWhoSignsUp(t, "first.buyer@example.com", "First", "Buyer"));
    const [own] = await db().insert(products).values({ storeId, handle: "harbour-roast", title: "Harbour Roast" }).returning();
    ownProductId = own.id;
    await db().insert(variants).values({ storeId, productId: own.id, sku: "HARBOUR-1", attributes: {}, priceCents: 1500, stock: 5 });
    const [coffee] = await db().select().from(collections).where(and(eq(collections.storeId, storeId), eq(collections.handle, "coffee")));
    await db().insert(collectionProducts).values({ storeId, collectionId: coffee.id, productId: own.id });
    removal = await removeDemoContent(t.deps, owner);
  });
  afterAll(() => t.database.dispose());

  it("takes the demo's products, bundles, codes, reviews, testimonials and post", async () => {
    expect(removal!.products).toHaveLength(PRODUCTS.length);
    expect(await db().select({ handle: products.handle }).from(products).where(eq(products.storeId, storeId))).toEqual([{ handle: "harbour-roast" }]);
    expect(await rowsOf(db(), bundles)).toBe(0);
    expect(await rowsOf(db(), discounts)).toBe(0);
    expect(await rowsOf(db(), reviews)).toBe(0);
    expect(await rowsOf(db(), testimonials)).toBe(0);
    expect(await rowsOf(db(), blogPosts)).toBe(0);
    const left = await db().select({ handle: collections.handle }).from(collections).where(eq(collections.storeId, storeId));
    // The shop's listing and carousel stay; the demo's Coffee stays for the owner's product in it; the others go.
    expect(left.map((row) => row.handle).sort()).toEqual(["all_products", "coffee", "featured"]);
    expect(await db().select().from(demoContent).where(eq(demoContent.storeId, storeId))).toEqual([]);
  });

  it("keeps the orders, customers, shipping options and tax rates, and the owner's own product", async () => {
    const [kept] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ status: "paid", totalCents: order.totalCents });
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines[0]).toMatchObject({ title: "Tidewater House Blend", sku: DEMO.subscriptions.houseBlend.sku });
    expect(await db().select({ email: customers.email }).from(customers).where(eq(customers.storeId, storeId))).toEqual(
      expect.arrayContaining([{ email: "first.buyer@example.com" }]),
    );
    expect(await db().select().from(shippingOptions).where(eq(shippingOptions.storeId, storeId))).toHaveLength(3);
    expect(await db().select().from(taxRates).where(eq(taxRates.storeId, storeId))).toHaveLength(1);
    expect(await db().select().from(products).where(eq(products.id, ownProductId))).toHaveLength(1);
  });

  it("leaves no demo word in the settings or pages, and links only to pages that are there", async () => {
    const settings = await getStoreSettings(db(), storeId);
    expect(JSON.stringify(settings)).not.toMatch(/Tidewater|harbour|roast/i);
    expect(settings.websiteTitle).toBe("My shop");
    expect(settings.checkout.minimumOrderCents).toBe(0);
    expect(settings.socialLinks).toEqual([]);
    expect(settings.siteContent.bannerHeader).toBe("Welcome to My shop");
    expect(settings.logo).toEqual({ url: "/images/brand/shop-mark.svg", alt: "My shop" });
    expect(await readFile(path.join(picturesDir, "brand/shop-mark.svg"), "utf8")).toContain("<svg");
    expect(settings.navbar.pages.map((link) => link.name)).toEqual(["Shop", "Coffee"]);
    expect(settings.footer.links.map((link) => link.name)).toEqual(["Shop", "Blog", "Contact", "Shipping", "Returns", "Privacy"]);
    expect(settings.footer.sections.map((section) => section.title)).toEqual(["Shop by category"]);
    expect(await withoutDeadLinks(db(), storeId, settings)).toEqual({ navbar: settings.navbar, footer: settings.footer });
    const [store] = await db().select({ name: stores.name }).from(stores).where(eq(stores.id, storeId));
    expect(store.name).toBe("My shop");

    const pageRows = await db().select().from(pages).where(eq(pages.storeId, storeId));
    expect(pageRows.map((page) => [page.name, page.title, page.status, page.image]).sort()).toEqual([
      ["about", "About us", "draft", null],
      ["privacy", "Privacy Policy", "published", null],
      ["returns", "Returns & Refunds", "published", null],
      ["shipping", "Shipping", "published", null],
    ]);
    const sections = await db().select({ content: pageSections.content }).from(pageSections).where(eq(pageSections.storeId, storeId));
    expect(sections.length).toBeGreaterThan(0);
    for (const { content } of sections) expect(content).not.toMatch(/Tidewater|roast|Maine|\$/i);
  });

  it("is audited as one removal by its actor, with the settings it changed", async () => {
    const [event] = await removals(db());
    expect(event).toMatchObject({ actorLabel: "owner@example.com", entityId: storeId });
    expect(event.changes.discounts).toEqual({ before: "SAVE15, TENOFF, FREESHIP, SOLDOUT, WELCOME-TEMPLATE", after: null });
    expect(String(event.changes.products.before)).toContain("Tidewater House Blend");
    const [settingsEvent] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.storeId, storeId), eq(auditEvents.entity, "store_settings"), eq(auditEvents.action, "demo.remove")));
    expect(settingsEvent.changes.websiteTitle).toEqual({ before: DEMO.storeName, after: "My shop" });
  });

  it("happens once: no demo content is left to offer, and a second removal changes nothing", async () => {
    expect(await hasDemoContent(db(), storeId)).toBe(false);
    expect(await previewDemoRemoval(t.deps, storeId)).toBeNull();
    expect(await removeDemoContent(t.deps, commandLineActor(storeId))).toBeNull();
    expect(await removals(db())).toHaveLength(1);
  });
});

describe("what stops it", () => {
  it("a subscription that still renews a demo product, and a bundle of the owner's that holds one: nothing goes", async () => {
    const t = await createTestApp();
    try {
      t.deps.imageStorage = storage;
      await subscribedBy(t, "sub@example.com");
      const [bundle] = await t.deps.db
        .insert(bundles)
        .values({ storeId, handle: "my-gift", title: "My Gift", priceCents: 3000, skuToQuantity: { "MUG-SEAGLASS": 1 } })
        .returning();
      const [mug] = await t.deps.db.select().from(products).where(and(eq(products.storeId, storeId), eq(products.handle, "harbor-mug")));
      await t.deps.db.insert(bundleProducts).values({ storeId, bundleId: bundle.id, productId: mug.id });

      const preview = (await previewDemoRemoval(t.deps, storeId))!;
      expect(preview.blockers).toEqual([
        "1 subscription still renews a demo product: cancel it first (Subscriptions)",
        'your bundle "My Gift" holds a demo product: take it out of the bundle first',
      ]);
      const refused = await errorOf(removeDemoContent(t.deps, commandLineActor(storeId)));
      expect(refused).toMatchObject({ kind: "conflict" });
      expect(refused!.message).toContain("cancel it first");
      expect(await rowsOf(t.deps.db, products)).toBe(PRODUCTS.length);
      expect(await hasDemoContent(t.deps.db, storeId)).toBe(true);
      expect(await removals(t.deps.db)).toEqual([]);
    } finally {
      await t.database.dispose();
    }
  });
});

describe("two instances removing it at once", () => {
  it("remove it once: one finds it, the other nothing left", async () => {
    const database = await createTestDatabase({ seed: true });
    // On PostgreSQL each instance has its own connections, as two processes do; PGlite is one process's alone.
    const other = database.url ? await openDatabase(database.url) : null;
    try {
      const first = { db: database.db, imageStorage: storage };
      const second = { db: other?.db ?? database.db, imageStorage: storage };
      const results = await Promise.all([
        removeDemoContent(first, commandLineActor(storeId)),
        removeDemoContent(second, { ...commandLineActor(storeId), label: "second instance" }),
      ]);
      expect(results.filter((result) => result !== null)).toHaveLength(1);
      expect(await removals(database.db)).toHaveLength(1);
      expect(await rowsOf(database.db, products)).toBe(0);
      const settingsWrites = await database.db
        .select({ n: count() })
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, "store_settings"), eq(auditEvents.action, "demo.remove")));
      expect(settingsWrites[0].n).toBe(1);
    } finally {
      await other?.close();
      await database.dispose();
    }
  });
});

describe("the setup's choice", () => {
  const setupDeps = (database: TestDatabase) => ({
    db: database.db,
    storeId,
    config: loadConfig({ NODE_ENV: "test", STORE_ID: storeId, PUBLIC_URL: "https://shop.example.com" }),
    rateLimiter: createRateLimiter(),
    imageStorage: storage,
  });
  const request = () => new Request("https://shop.example.com/admin/setup", { method: "POST" });
  const owner = { storeId, email: "new.owner@example.com", name: "New Owner", password: "correct horse battery staple" };
  const tokenOf = (link: string | null) => new URL(link!).searchParams.get("token")!;

  it("an empty shop: the owner is made and the demo removed in one step, audited as the owner's", async () => {
    const database = await createTestDatabase({ seed: true });
    try {
      const deps = setupDeps(database);
      const made = await setUpShop(deps, request(), { ...owner, token: tokenOf(await ensureSetupLink(deps)), start: "empty" });
      expect(made.member).toMatchObject({ role: "owner" });
      expect(await rowsOf(database.db, products)).toBe(0);
      expect(await rowsOf(database.db, discounts)).toBe(0);
      expect((await getStoreSettings(database.db, storeId)).checkout.minimumOrderCents).toBe(0);
      const [event] = await removals(database.db);
      expect(event).toMatchObject({ actorKind: "staff", actorId: made.member.id, actorLabel: owner.email });
    } finally {
      await database.dispose();
    }
  });

  it("the demo, or no answer (an API client of before): the demo stays, to be removed later", async () => {
    const database = await createTestDatabase({ seed: true });
    try {
      const deps = setupDeps(database);
      await setUpShop(deps, request(), { ...owner, token: tokenOf(await ensureSetupLink(deps)) });
      expect(await rowsOf(database.db, products)).toBe(PRODUCTS.length);
      expect(await hasDemoContent(database.db, storeId)).toBe(true);
    } finally {
      await database.dispose();
    }
  });

  it("happens whole: when the demo cannot go, no owner is made either", async () => {
    const database = await createTestDatabase({ seed: true });
    try {
      const deps = setupDeps(database);
      const [bundle] = await database.db.insert(bundles).values({ storeId, handle: "mine", title: "Mine", priceCents: 100, skuToQuantity: {} }).returning();
      const [mug] = await database.db.select().from(products).where(and(eq(products.storeId, storeId), eq(products.handle, "harbor-mug")));
      await database.db.insert(bundleProducts).values({ storeId, bundleId: bundle.id, productId: mug.id });
      const token = tokenOf(await ensureSetupLink(deps));
      expect(await errorOf(setUpShop(deps, request(), { ...owner, token, start: "empty" }))).toMatchObject({ kind: "conflict" });
      expect(await hasStaff(database.db, storeId)).toBe(false);
      expect(await rowsOf(database.db, products)).toBe(PRODUCTS.length);
      // The link was not used up: the owner settles the bundle and sets the shop up with it.
      await database.db.delete(bundles).where(eq(bundles.id, bundle.id));
      await setUpShop(deps, request(), { ...owner, token, start: "empty" });
      expect(await hasStaff(database.db, storeId)).toBe(true);
    } finally {
      await database.dispose();
    }
  });
});
