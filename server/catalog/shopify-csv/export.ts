/**
 * The store's products as Shopify's product CSV, the format the import reads: one row per variant, the product's own
 * fields on its first row, its pictures beside its variants and on extra rows when it has more pictures than
 * variants. Importing the file back changes nothing; Shopify reads it too.
 */
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { productImages, products, variants } from "../../db/schema";
import { csvPages } from "../../http/csv";
import { NO_OPTIONS_NAME, NO_OPTIONS_VALUE, SHOPIFY_COLUMNS, type ShopifyColumn } from "./columns";

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** Products a page of the export holds: with their variants and pictures, a few megabytes at most. */
const PRODUCTS_PAGE = 500;

type Product = typeof products.$inferSelect;
type Variant = typeof variants.$inferSelect;
type Picture = typeof productImages.$inferSelect;
type ExportPage = { products: Product[]; variantsOf: Map<number, Variant[]>; picturesOf: Map<number, Picture[]> };

function byProduct<T extends { productId: number }>(rows: T[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const row of rows) {
    const ofProduct = grouped.get(row.productId);
    if (ofProduct) ofProduct.push(row);
    else grouped.set(row.productId, [row]);
  }
  return grouped;
}

/** The store's products by id, a page at a time (keyset: each page starts after the last id), with their rows. */
async function* exportPages(db: Database, storeId: string): AsyncGenerator<ExportPage> {
  for (let after = 0; ; ) {
    const page = await db
      .select()
      .from(products)
      .where(and(eq(products.storeId, storeId), gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(PRODUCTS_PAGE);
    if (page.length === 0) return;
    const ids = page.map((product) => product.id);
    const [variantRows, pictureRows] = await Promise.all([
      db.select().from(variants).where(inArray(variants.productId, ids)).orderBy(asc(variants.productId), asc(variants.position), asc(variants.id)),
      db
        .select()
        .from(productImages)
        .where(inArray(productImages.productId, ids))
        .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id)),
    ]);
    yield { products: page, variantsOf: byProduct(variantRows), picturesOf: byProduct(pictureRows) };
    if (page.length < PRODUCTS_PAGE) return;
    after = ids[ids.length - 1];
  }
}

/** A page's rows. `publicUrl` makes the pictures' addresses absolute, as Shopify's are. */
function rowsOf({ products: page, variantsOf, picturesOf }: ExportPage, publicUrl: string): string[][] {
  const absolute = (url: string) => new URL(url, publicUrl).href;
  const rows: string[][] = [];
  for (const product of page) {
    const productVariants = variantsOf.get(product.id) ?? [];
    const pictures = picturesOf.get(product.id) ?? [];
    const urlOfPicture = new Map(pictures.map((picture) => [picture.id, picture.url]));
    const options = product.attributeNames;
    for (let index = 0; index < Math.max(productVariants.length, pictures.length, 1); index++) {
      const cells: Partial<Record<ShopifyColumn, string>> = { Handle: product.handle };
      if (index === 0) {
        Object.assign(cells, {
          Title: product.title,
          "Body (HTML)": product.description,
          Vendor: product.vendor,
          Type: product.productType,
          Tags: product.tags.join(", "),
          Published: product.status === "active" ? "TRUE" : "FALSE",
          "Gift Card": "FALSE",
          "SEO Title": product.seoTitle,
          "SEO Description": product.seoDescription,
          Status: product.status,
        });
        if (options.length === 0) cells["Option1 Name"] = NO_OPTIONS_NAME;
        options.forEach((name, option) => (cells[`Option${option + 1} Name` as ShopifyColumn] = name));
      }
      const variant = productVariants[index];
      if (variant) {
        if (options.length === 0) cells["Option1 Value"] = NO_OPTIONS_VALUE;
        options.forEach((name, option) => (cells[`Option${option + 1} Value` as ShopifyColumn] = variant.attributes[name] ?? ""));
        const picture = variant.imageId === null ? undefined : urlOfPicture.get(variant.imageId);
        Object.assign(cells, {
          "Variant SKU": variant.sku,
          "Variant Grams": variant.weightGrams === null ? "" : String(variant.weightGrams),
          "Variant Inventory Tracker": "shopify",
          "Variant Inventory Qty": String(variant.stock),
          "Variant Inventory Policy": "deny",
          "Variant Fulfillment Service": "manual",
          "Variant Price": money(variant.priceCents),
          "Variant Compare At Price": variant.compareAtCents === null ? "" : money(variant.compareAtCents),
          "Variant Requires Shipping": "TRUE",
          "Variant Taxable": "TRUE",
          "Variant Image": picture ? absolute(picture) : "",
          "Variant Weight Unit": "g",
        });
      }
      const picture = pictures[index];
      if (picture) Object.assign(cells, { "Image Src": absolute(picture.url), "Image Position": String(index + 1), "Image Alt Text": picture.altText });
      rows.push(SHOPIFY_COLUMNS.map((column) => cells[column] ?? ""));
    }
  }
  return rows;
}

/**
 * The export as a CSV file sent as it is read, its cells guarded as in every file the shop writes (a title such as
 * =HYPERLINK(…) is opened in a spreadsheet as text); the import takes the guard off again (read.ts), so the file
 * still reads back unchanged.
 */
export function exportShopifyCsv(db: Database, storeId: string, publicUrl: string): AsyncGenerator<string> {
  return csvPages(SHOPIFY_COLUMNS, exportPages(db, storeId), (page) => rowsOf(page, publicUrl));
}
