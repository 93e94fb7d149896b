/**
 * The store's products as Shopify's product CSV, the format the import reads: one row per variant, the product's own
 * fields on its first row, its pictures beside its variants and on extra rows when it has more pictures than
 * variants. Importing the file back changes nothing; Shopify reads it too.
 */
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { productImages, products, variants } from "../../db/schema";
import { toCsv } from "../../http/csv";
import { NO_OPTIONS_NAME, NO_OPTIONS_VALUE, SHOPIFY_COLUMNS, type ShopifyColumn } from "./columns";

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** The export's rows, header first. `publicUrl` makes the pictures' addresses absolute, as Shopify's are. */
export async function exportShopifyRows(db: Database, storeId: string, publicUrl: string): Promise<string[][]> {
  const [productRows, variantRows, pictureRows] = await Promise.all([
    db.select().from(products).where(eq(products.storeId, storeId)).orderBy(asc(products.id)),
    db.select().from(variants).where(eq(variants.storeId, storeId)).orderBy(asc(variants.productId), asc(variants.position), asc(variants.id)),
    db
      .select()
      .from(productImages)
      .where(eq(productImages.storeId, storeId))
      .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id)),
  ]);
  const byProduct = <T extends { productId: number }>(rows: T[]) => {
    const grouped = new Map<number, T[]>();
    for (const row of rows) grouped.set(row.productId, [...(grouped.get(row.productId) ?? []), row]);
    return grouped;
  };
  const variantsOf = byProduct(variantRows);
  const picturesOf = byProduct(pictureRows);
  const absolute = (url: string) => new URL(url, publicUrl).href;

  const rows: string[][] = [[...SHOPIFY_COLUMNS]];
  for (const product of productRows) {
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
 * The export as a CSV file, its cells guarded as in every file the shop writes (a title such as =HYPERLINK(…) is
 * opened in a spreadsheet as text); the import takes the guard off again (read.ts), so the file still reads back
 * unchanged.
 */
export async function exportShopifyCsv(db: Database, storeId: string, publicUrl: string): Promise<string> {
  return toCsv(await exportShopifyRows(db, storeId, publicUrl));
}
