/**
 * Shopify's product CSV imported as a shop owner moving in would: a realistic export (a product without options, one
 * with two options and four variants, pictures on several rows and per variant, a description with a script in it)
 * whose pictures a local server serves; the same file again; a file with mistakes; a picture on a private address;
 * and the shop's own export read back. PGlite and PostgreSQL.
 */
import { readFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productInputSchema } from "../../../core/schemas/admin-catalogue";
import { createTestApp, type TestApp } from "../../../tests/support/app";
import { loadConfig } from "../../config";
import { createDeps } from "../../deps";
import { auditEvents, productImages, products, stockAdjustments, variants } from "../../db/schema";
import { commandLineActor } from "../../audit/audit";
import { changeStoreSettings, getStoreSettings } from "../../store/settings";
import { ALT_TEXT_REQUIRED_MESSAGE, saveProduct } from "../product-editor";
import { addProductPicture } from "../product-pictures";
import { exportShopifyCsv } from "./export";
import { importShopifyCsv } from "./import";
import { searchEntries } from "../search";
import { SHOPIFY_COLUMNS } from "./columns";
import { generatedShopifyExport, seededRandom } from "../../../tests/support/generated-catalogue";

const FIXTURE = readFileSync(path.join(import.meta.dirname, "fixtures/shopify-export.csv"), "utf8");
const SHOPIFY_CDN = "https://cdn.shopify.com";

let t: TestApp;
let server: Server;
let base: string;
let fixture: string;
const served: string[] = [];

beforeAll(async () => {
  const png = (r: number, g: number, b: number) => sharp({ create: { width: 16, height: 12, channels: 3, background: { r, g, b } } }).png().toBuffer();
  const pictures: Record<string, Buffer> = {
    "filters.png": await png(240, 230, 200),
    "tee-front.png": await png(90, 90, 90),
    "tee-red.png": await png(200, 20, 20),
    "tee-blue.png": await png(20, 20, 200),
    "mug.png": await png(180, 170, 150),
  };
  server = createServer((request, response) => {
    const name = path.basename(new URL(request.url!, "http://x").pathname);
    served.push(name);
    if (pictures[name]) return response.writeHead(200, { "content-type": "image/png" }).end(pictures[name]);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fixture = FIXTURE.replaceAll(SHOPIFY_CDN, base);
  t = await createTestApp({ PUBLIC_URL: "https://shop.example.com", IMPORT_ALLOW_PRIVATE_URLS: "true" });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t?.database.dispose();
});

const owner = () => commandLineActor(t.deps.storeId);
const importFile = (csv: string, dryRun: boolean, deps = t.deps) => importShopifyCsv(deps, owner(), csv, { dryRun });

async function tableCounts() {
  const db = t.deps.db;
  const [[p], [v], [i], [s]] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(variants),
    db.select({ n: count() }).from(productImages),
    db.select({ n: count() }).from(stockAdjustments),
  ]);
  return { products: p.n, variants: v.n, pictures: i.n, adjustments: s.n };
}

async function productOf(handle: string) {
  const db = t.deps.db;
  const [product] = await db.select().from(products).where(and(eq(products.storeId, t.deps.storeId), eq(products.handle, handle)));
  const productVariants = await db.select().from(variants).where(eq(variants.productId, product.id)).orderBy(asc(variants.position));
  const pictures = await db.select().from(productImages).where(eq(productImages.productId, product.id)).orderBy(asc(productImages.position));
  return { product, variants: productVariants, pictures };
}

/** Every product of the store as the database holds it, less the time of the last save. */
async function wholeCatalogue() {
  const db = t.deps.db;
  const productRows = await db.select().from(products).where(eq(products.storeId, t.deps.storeId)).orderBy(asc(products.id));
  const ids = productRows.map((row) => row.id);
  return {
    products: productRows.map(({ updatedAt: _saved, searchVector: _derived, ...row }) => row),
    variants: await db.select().from(variants).where(inArray(variants.productId, ids)).orderBy(asc(variants.id)),
    pictures: await db.select().from(productImages).where(inArray(productImages.productId, ids)).orderBy(asc(productImages.id)),
  };
}

describe("importing Shopify's product CSV", () => {
  it("checks the file in a dry run: counts what it would create, notes the unknown column, changes nothing", async () => {
    const before = await tableCounts();
    const { summary, problems } = await importFile(fixture, true);
    expect(problems).toEqual([]);
    expect(summary).toMatchObject({
      applied: false,
      products_created: 3,
      products_updated: 0,
      variants_created: 7,
      variants_updated: 0,
      pictures: 5,
    });
    expect(summary.notices).toContainEqual({ row: 1, column: "Google Shopping / Gender", message: "Unknown column, ignored" });
    expect(await tableCounts()).toEqual(before);
    expect(served).toEqual([]);
  });

  it("imports the products with their options, prices, stock and pictures, each picture fetched once; the description cleaned", async () => {
    const before = await tableCounts();
    const { summary, problems } = await importFile(fixture, false);
    expect(problems).toEqual([]);
    expect(summary).toMatchObject({ applied: true, products_created: 3, variants_created: 7, pictures: 5, pictures_failed: 0 });
    expect([...served].sort()).toEqual(["filters.png", "mug.png", "tee-blue.png", "tee-front.png", "tee-red.png"]);
    expect(await tableCounts()).toMatchObject({ products: before.products + 3, variants: before.variants + 7, pictures: before.pictures + 5 });

    const filters = await productOf("paper-filters");
    expect(filters.product).toMatchObject({ title: "Paper Filters (100)", status: "active", vendor: "Ridge Roasters", productType: "Accessories" });
    expect(filters.product.tags).toEqual(["brewing", "filters"]);
    expect(filters.product.attributeNames).toEqual([]);
    expect(filters.product.description).toContain("<strong>AeroPress</strong>");
    expect(filters.product.description).not.toMatch(/<script|onerror|alert/i);
    expect(filters.variants).toMatchObject([{ sku: "IMP-FILTER-100", priceCents: 650, stock: 40, weightGrams: 120, attributes: {} }]);
    expect(filters.pictures).toMatchObject([{ altText: "A stack of paper filters", position: 0 }]);
    expect(filters.pictures[0].url).toMatch(/^\/images\/products\/[0-9a-f-]+\.jpg$/);

    const tee = await productOf("merino-tee");
    expect(tee.product.attributeNames).toEqual(["Size", "Color"]);
    expect(tee.variants.map((v) => [v.sku, v.attributes, v.priceCents, v.compareAtCents, v.stock])).toEqual([
      ["IMP-TEE-S-RED", { Size: "S", Color: "Red" }, 2400, 3000, 5],
      ["IMP-TEE-S-BLUE", { Size: "S", Color: "Blue" }, 2400, 3000, 3],
      ["IMP-TEE-M-RED", { Size: "M", Color: "Red" }, 2499, null, 0],
      ["IMP-TEE-M-BLUE", { Size: "M", Color: "Blue" }, 2499, null, 12],
    ]);
    // Image Position orders the pictures; one without alt text is given the product's title.
    expect(tee.pictures.map((picture) => picture.altText)).toEqual(["Merino tee, front", "Merino Tee", "Merino tee in blue"]);
    const [front, red, blue] = tee.pictures.map((picture) => picture.id);
    expect(tee.variants.map((v) => v.imageId)).toEqual([red, blue, red, null]);
    expect(front).toBeDefined();

    const mug = await productOf("speckled-mug");
    expect(mug.product.status).toBe("draft");
    expect(mug.variants.map((v) => [v.sku, v.priceCents, v.stock])).toEqual([
      ["IMP-MUG-SAND", 1800, 8],
      ["IMP-MUG-SLATE", 1850, 2],
    ]);
    expect(mug.pictures).toMatchObject([{ altText: "A speckled mug" }]);

    // The shop lists what was imported on sale at /shop (all_products), after what it listed before; a draft waits.
    const shopListing = (await searchEntries(t.deps.db, t.deps.storeId, "all_products", "collection-search")).filter((entry) => entry.kind === "products").map((entry) => entry.id);
    expect(shopListing.slice(-2)).toEqual([filters.product.id, tee.product.id]);
    expect(shopListing).not.toContain(mug.product.id);

    const events = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, "catalogue.import"));
    expect(events).toHaveLength(1);
    expect(events[0].changes).toMatchObject({ products_created: { before: null, after: 3 }, variants_created: { before: null, after: 7 } });
  });

  it("updates the products when the same file comes again, doubling nothing", async () => {
    const before = await tableCounts();
    const ids = await wholeCatalogue();
    served.length = 0;
    const { summary, problems } = await importFile(fixture.replace("IMP-TEE-M-BLUE,190,shopify,12", "IMP-TEE-M-BLUE,190,shopify,7"), false);
    expect(problems).toEqual([]);
    expect(summary).toMatchObject({ applied: true, products_created: 0, products_updated: 3, variants_created: 0, variants_updated: 7, pictures: 0 });
    expect(served).toEqual([]);
    expect(await tableCounts()).toEqual({ ...before, adjustments: before.adjustments + 1 });
    const after = await wholeCatalogue();
    expect(after.products.map((p) => p.id)).toEqual(ids.products.map((p) => p.id));
    expect((await productOf("merino-tee")).variants.map((v) => v.stock)).toEqual([5, 3, 0, 7]);
  });

  it("reports every mistake of a file by row and column, and changes nothing", async () => {
    const header = fixture.slice(0, fixture.indexOf("\n") + 1);
    const lines = (rows: string[][]) => header + rows.map((cells) => cells.join(",")).join("\n") + "\n";
    const columns = header.trim().split(",");
    const row = (cells: Record<string, string>) => columns.map((column) => cells[column] ?? "");
    const file = lines([
      row({ Handle: "new-kettle", Title: "Kettle", "Option1 Name": "Title", "Option1 Value": "Default Title", "Variant SKU": "IMP-KETTLE", "Variant Price": "twelve" }),
      row({ Title: "No handle", "Variant SKU": "IMP-NOHANDLE", "Variant Price": "5.00" }),
      row({ Handle: "new-cup", Title: "Cup", "Option1 Name": "Size", "Option1 Value": "S", "Option2 Value": "Blue", "Variant SKU": "IMP-CUP-S", "Variant Price": "4.00" }),
      row({ Handle: "new-cup", "Option1 Value": "S", "Variant SKU": "IMP-CUP-S2", "Variant Price": "4.00" }),
      row({ Handle: "new-saucer", Title: "Saucer", "Option1 Name": "Colour", "Option1 Value": "White", "Variant SKU": "IMP-MUG-SAND", "Variant Price": "3.00" }),
      row({ Handle: "new-plate", Title: "", "Option1 Name": "Colour", "Option1 Value": "White", "Variant SKU": "IMP-PLATE", "Variant Price": "3.00", Status: "gone" }),
      row({ Handle: "new-bowl", Title: "Bowl", "Option1 Name": "Colour", "Option1 Value": "White", "Variant SKU": "IMP-BOWL", "Variant Price": "3.00" }),
      row({ Handle: "new-dish", Title: "Dish", "Option1 Name": "Colour", "Option1 Value": "White", "Variant SKU": "IMP-BOWL", "Variant Price": "3.00" }),
    ]);
    const before = await tableCounts();
    const catalogue = await wholeCatalogue();
    for (const dryRun of [true, false]) {
      const { summary, problems } = await importFile(file, dryRun);
      expect(summary.applied).toBe(false);
      expect(problems).toEqual([
        { row: 2, column: "Variant Price", message: "Price twelve is not a number (write it as 24.00)" },
        { row: 3, column: "Handle", message: "Handle is required" },
        { row: 4, column: "Option2 Value", message: "Option value Blue has no option name (Option2 Name on row 4)" },
        { row: 5, column: "Option1 Value", message: "Variant IMP-CUP-S2 has the same options as IMP-CUP-S (S): each variant needs its own" },
        { row: 6, column: "Variant SKU", message: "SKU IMP-MUG-SAND is used by Speckled Mug" },
        { row: 7, column: "Title", message: "Title is required" },
        { row: 7, column: "Status", message: "Status must be one of draft, active, archived" },
        { row: 9, column: "Variant SKU", message: "SKU IMP-BOWL is also on row 8 (new-bowl)" },
      ]);
    }
    expect(await tableCounts()).toEqual(before);
    expect(await wholeCatalogue()).toEqual(catalogue);
  });

  it("refuses a picture on a private address by default, reporting it, and imports the product without it", async () => {
    const guarded = createDeps(t.database, loadConfig({ NODE_ENV: "test", STORE_ID: t.deps.storeId }), t.database.imagesDir);
    served.length = 0;
    const file = fixture
      .split("\n")
      .filter((line, index) => index === 0 || line.startsWith("speckled-mug"))
      .join("\n")
      .replaceAll("speckled-mug", "speckled-bowl")
      .replaceAll("IMP-MUG", "IMP-BOWL");
    const { summary, problems } = await importFile(file, false, guarded);
    expect(problems).toEqual([]);
    expect(summary).toMatchObject({ applied: true, products_created: 1, pictures: 0, pictures_failed: 1 });
    expect(summary.notices).toContainEqual({ row: 4, column: "Image Src", message: "Picture not imported: Picture address is on a private network" });
    expect(served).toEqual([]);
    const bowl = await productOf("speckled-bowl");
    expect(bowl.variants).toHaveLength(2);
    expect(bowl.pictures).toEqual([]);
  });

  it("imports nothing when saving a product is refused, and removes the pictures it fetched for the file", async () => {
    const actor = owner();
    await t.deps.db.transaction(async (tx) => {
      const { productId } = await saveProduct(
        tx,
        actor,
        productInputSchema.parse({
          handle: "undescribed-mug",
          title: "Mug",
          status: "draft",
          options: ["Colour"],
          variants: [{ sku: "IMP-UNDESCRIBED", option_values: ["Sand"], price_cents: 100 }],
        }),
        { create: true },
      );
      await addProductPicture(tx, actor, productId, { url: "/images/products/undescribed.jpg", altText: "" });
    });
    const folder = path.join(t.database.imagesDir, "products");
    const filesBefore = new Set(await readdir(folder));
    const before = await tableCounts();
    const header = fixture.slice(0, fixture.indexOf("\n") + 1);
    const columns = header.trim().split(",");
    const row = (cells: Record<string, string>) => columns.map((column) => cells[column] ?? "").join(",");
    const file =
      header +
      [
        row({ Handle: "new-saucer", Title: "Saucer", "Option1 Name": "Title", "Option1 Value": "Default Title", "Variant SKU": "IMP-SAUCER", "Variant Price": "3.00", "Image Src": `${base}/mug.png`, "Image Alt Text": "A saucer" }),
        row({ Handle: "undescribed-mug", Title: "Mug", "Option1 Name": "Colour", "Option1 Value": "Sand", "Variant SKU": "IMP-UNDESCRIBED", "Variant Price": "1.00", Status: "active" }),
      ].join("\n") +
      "\n";
    const { summary, problems } = await importFile(file, false);
    expect(summary.applied).toBe(false);
    expect(problems).toEqual([{ row: 3, column: "Status", message: ALT_TEXT_REQUIRED_MESSAGE }]);
    expect(await tableCounts()).toEqual(before);
    expect(new Set(await readdir(folder))).toEqual(filesBefore);
  });

  it("refuses, at its Status, a product the file takes off sale while a menu link leads to it, naming the link; nothing is imported", async () => {
    const actor = owner();
    await t.deps.db.transaction(async (tx) => {
      const lamp = productInputSchema.parse({ handle: "linked-lamp", title: "Lamp", status: "active", options: [], variants: [{ sku: "IMP-LAMP", option_values: [], price_cents: 900 }] });
      await saveProduct(tx, actor, lamp, { create: true });
      const { navbar } = await getStoreSettings(tx, actor.storeId);
      await changeStoreSettings(tx, actor, { navbar: { ...navbar, pages: [...navbar.pages, { name: "Lamp", route: "/products/linked-lamp" }] } });
    });
    const before = await tableCounts();
    const header = fixture.slice(0, fixture.indexOf("\n") + 1);
    const columns = header.trim().split(",");
    const row = (cells: Record<string, string>) => columns.map((column) => cells[column] ?? "").join(",");
    const file = header + row({ Handle: "linked-lamp", Title: "Lamp", "Variant SKU": "IMP-LAMP", "Variant Price": "9.00", Status: "archived" }) + "\n";
    const { summary, problems } = await importFile(file, false);
    expect(summary.applied).toBe(false);
    expect(problems).toEqual([{ row: 2, column: "Status", message: expect.stringContaining("(Menu: Lamp)") }]);
    expect(await tableCounts()).toEqual(before);
    const [lamp] = await t.deps.db.select({ status: products.status }).from(products).where(eq(products.handle, "linked-lamp"));
    expect(lamp.status).toBe("active");
  });

  it("saves a large file a batch at a time with progress, and undoes the batches saved when a later product is refused", async () => {
    const actor = owner();
    await t.deps.db.transaction(async (tx) => {
      const jug = productInputSchema.parse({
        handle: "undescribed-jug",
        title: "Jug",
        status: "draft",
        options: [],
        variants: [{ sku: "IMP-JUG", option_values: [], price_cents: 100 }],
      });
      const { productId } = await saveProduct(tx, actor, jug, { create: true });
      await addProductPicture(tx, actor, productId, { url: "/images/products/jug.jpg", altText: "" });
    });
    // 510 products: the refused one is in the third batch, after two batches saved in the import's transaction.
    const generated = generatedShopifyExport(510, seededRandom(5), { paragraphs: 1 });
    const jugRow: Partial<Record<string, string>> = { Handle: "undescribed-jug", Title: "Jug", "Variant SKU": "IMP-JUG", "Variant Price": "1.00", Status: "active" };
    const refused = SHOPIFY_COLUMNS.map((column) => jugRow[column] ?? "");
    const before = await tableCounts();
    const progress: number[] = [];
    const outcome = await importShopifyCsv(t.deps, owner(), generated + refused.join(",") + "\r\n", { dryRun: false, onProgress: (rows) => progress.push(rows) });
    expect(outcome.problems).toEqual([{ row: 512, column: "Status", message: ALT_TEXT_REQUIRED_MESSAGE }]);
    expect(outcome.summary.applied).toBe(false);
    expect(progress).toEqual([250, 500]);
    expect(await tableCounts()).toEqual(before);

    const checked: number[] = [];
    const dryRun = await importShopifyCsv(t.deps, owner(), generated, { dryRun: true, onProgress: (rows) => checked.push(rows) });
    expect(dryRun.summary).toMatchObject({ products_created: 510, variants_created: 510 });
    expect(checked).toEqual([250, 500, 510]);
  });

  it("reads the shop's own export back without changing a thing", async () => {
    const exported = async () => {
      let text = "";
      for await (const page of exportShopifyCsv(t.deps.db, t.deps.storeId, t.deps.config.publicUrl)) text += page;
      return text;
    };
    const csv = await exported();
    expect(csv.startsWith("Handle,Title,Body (HTML),Vendor,Product Category,Type,Tags,Published,Option1 Name")).toBe(true);
    expect(csv).toContain("https://shop.example.com/images/products/");
    const before = await wholeCatalogue();
    const counts = await tableCounts();
    const checked = await importFile(csv, true);
    expect(checked.problems).toEqual([]);
    expect(checked.summary).toMatchObject({ products_created: 0, products_updated: before.products.length, variants_created: 0, variants_removed: 0 });
    const applied = await importFile(csv, false);
    expect(applied.problems).toEqual([]);
    expect(applied.summary.applied).toBe(true);
    expect(await wholeCatalogue()).toEqual(before);
    expect(await tableCounts()).toEqual(counts);
    expect(await exported()).toBe(csv);
  });
});
