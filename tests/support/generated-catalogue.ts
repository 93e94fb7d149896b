/**
 * A generated catalogue of many products (one variant each) and bundles for measuring and planning search at a size
 * the demo shop does not reach: titles like "smoky Kenya kettle 42", so every word is shared by many of them.
 */
import { like } from "drizzle-orm";
import type { Database } from "../../server/db/client";
import { SHOPIFY_COLUMNS } from "../../server/catalog/shopify-csv/columns";
import { bundles, products, variants } from "../../server/db/schema";
import { toCsv } from "../../server/http/csv";

export const GENERATED_WORDS = {
  nouns: ["coffee", "tea", "mug", "grinder", "kettle", "dripper", "filter", "tumbler", "scale", "press", "blend", "roast", "cup", "jar", "spoon"],
  adjectives: ["dark", "light", "organic", "smoky", "floral", "ceramic", "glass", "copper", "wooden", "single-origin", "decaf", "spiced", "classic", "travel", "bold"],
  origins: ["Ethiopia", "Colombia", "Kenya", "Sumatra", "Guatemala", "Assam", "Darjeeling", "Yunnan", "Brazil", "Peru"],
  colours: ["Green", "Black", "White", "Red", "Blue", "Sage", "Sand"],
  sizes: ["S", "M", "L", "XL", "250g", "500g", "1kg"],
};

/** A small deterministic generator, so every run builds the same catalogue (and asks the same questions of it). */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

export const chooseWith =
  (random: () => number) =>
  <T>(list: T[]): T =>
    list[Math.floor(random() * list.length)];

const BATCH = 500;

/** Adds `count` products (handles generated-0, generated-1 ...) to the store, drawing every choice from `random`. */
export async function addGeneratedProducts(db: Database, storeId: string, count: number, random: () => number): Promise<void> {
  const choose = chooseWith(random);
  const { nouns, adjectives, origins, colours, sizes } = GENERATED_WORDS;
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => {
      const n = start + i;
      const colour = choose(colours);
      const size = choose(sizes);
      return {
        storeId,
        handle: `generated-${n}`,
        title: `${choose(adjectives)} ${choose(origins)} ${choose(nouns)} ${n}`,
        description: `A ${choose(adjectives)} ${choose(nouns)} from ${choose(origins)}, made for everyday brewing with a ${choose(adjectives)} finish.`,
        attributeText: `${colour} ${size}`,
        sku: { colour, size },
      };
    });
    const inserted = await db
      .insert(products)
      .values(rows.map(({ sku: _sku, ...row }) => row))
      .returning({ id: products.id });
    await db.insert(variants).values(
      inserted.map((row, i) => ({
        storeId,
        productId: row.id,
        sku: `GEN-${start + i}`,
        attributes: { Colour: rows[i].sku.colour, Size: rows[i].sku.size },
        priceCents: 500 + Math.floor(random() * 5000),
        stock: Math.floor(random() * 50),
      })),
    );
  }
}

/**
 * Adds `count` bundles ("smoky kettle gift set 42", handles generated-set-0 ...) of two generated products' variants;
 * call after addGeneratedProducts with at least two products.
 */
export async function addGeneratedBundles(db: Database, storeId: string, count: number, random: () => number): Promise<void> {
  const choose = chooseWith(random);
  const { nouns, adjectives } = GENERATED_WORDS;
  const skus = (await db.select({ sku: variants.sku }).from(variants).where(like(variants.sku, "GEN-%"))).map((row) => row.sku);
  for (let start = 0; start < count; start += BATCH) {
    await db.insert(bundles).values(
      Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => ({
        storeId,
        handle: `generated-set-${start + i}`,
        title: `${choose(adjectives)} ${choose(nouns)} gift set ${start + i}`,
        priceCents: 1000 + Math.floor(random() * 5000),
        skuToQuantity: { [choose(skus)]: 1, [choose(skus)]: 1 },
      })),
    );
  }
}

/**
 * Shopify's product export of `count` generated products (handles generated-export-0 ...), one variant each, with
 * descriptions of `paragraphs` paragraphs (some 150 bytes each) as shops write them: 16 paragraphs make some 2.5 KB
 * a product, so 400 products make a file of about 1 MB. `picture` gives product n a picture's address to fetch.
 */
export function generatedShopifyExport(
  count: number,
  random: () => number,
  { paragraphs = 16, picture }: { paragraphs?: number; picture?: (n: number) => string } = {},
): string {
  const choose = chooseWith(random);
  const { nouns, adjectives, origins } = GENERATED_WORDS;
  const rowOf = (cells: Partial<Record<(typeof SHOPIFY_COLUMNS)[number], string>>) => SHOPIFY_COLUMNS.map((column) => cells[column] ?? "");
  const productRow = (n: number) => {
    const [noun, origin] = [choose(nouns), choose(origins)];
    const paragraph = () =>
      `<p>A ${choose(adjectives)} ${noun} from ${origin}, made for everyday brewing with a ${choose(adjectives)} finish, ` +
      "packed by hand in small batches and shipped the day it is roasted.</p>";
    return rowOf({
      Handle: `generated-export-${n}`,
      Title: `${choose(adjectives)} ${origin} ${noun} ${n}`,
      "Body (HTML)": Array.from({ length: paragraphs }, paragraph).join(""),
      Vendor: "Generated Goods",
      Type: noun,
      Tags: `${noun}, ${origin}`,
      Published: "TRUE",
      "Option1 Name": "Title",
      "Option1 Value": "Default Title",
      "Variant SKU": `GEN-EXPORT-${n}`,
      "Variant Grams": "250",
      "Variant Inventory Tracker": "shopify",
      "Variant Inventory Qty": String(Math.floor(random() * 50)),
      "Variant Inventory Policy": "deny",
      "Variant Fulfillment Service": "manual",
      "Variant Price": (5 + random() * 50).toFixed(2),
      "Variant Requires Shipping": "TRUE",
      "Variant Taxable": "TRUE",
      Status: "active",
      ...(picture ? { "Image Src": picture(n), "Image Position": "1", "Image Alt Text": `${noun} ${n}` } : {}),
    });
  };
  return toCsv([[...SHOPIFY_COLUMNS], ...Array.from({ length: count }, (_, n) => productRow(n))]);
}
