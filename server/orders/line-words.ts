/**
 * An order line in words, as every face of an order shows it (the order screens, emails, packing slips, CSVs): its
 * options ('Ground, 12 oz') and, for a bundle, each item inside it by its product's title and options
 * ('1 × Harbor Dark Roast — Ground, 12 oz'). A bundle line keeps only handle → sku (attributes) and sku → units per
 * bundle (stockComponents), which read as stock codes, so the products are looked up by sku when the line is read.
 */
import { and, eq, inArray } from "drizzle-orm";
import { titleCaseHandle, variantName } from "../../core/cart";
import type { Database } from "../db/client";
import { products, variants } from "../db/schema";

/** One item inside a bundle, per unit of the bundle ('1 × Harbor Dark Roast — Ground, 12 oz'), and the sku staff may need. */
export type BundleItem = { text: string; sku: string };

export type LineWords = {
  /** The chosen options of a product line, comma-separated; empty for a bundle and for a product without options. */
  options: string;
  /** What one unit of a bundle holds; empty for a product line. */
  contents: BundleItem[];
};

type WordedLine = { kind: "product" | "bundle"; attributes: Record<string, string> | null; stockComponents: Record<string, number> };

/** The line as one phrase, for a row of text (an email, a CSV cell): 'Gift Box: 1 × Harbor Dark Roast — Ground, 12 oz; …'. */
export function lineText(line: { title: string; words: LineWords }): string {
  if (line.words.contents.length > 0) return `${line.title}: ${line.words.contents.map((item) => item.text).join("; ")}`;
  return line.words.options ? `${line.title} (${line.words.options})` : line.title;
}

/** Each line with its words; the products inside bundles are read in one query for all the lines. */
export async function withWords<L extends WordedLine>(db: Database, storeId: string, lines: readonly L[]): Promise<(L & { words: LineWords })[]> {
  const skus = [...new Set(lines.flatMap((line) => (line.kind === "bundle" ? Object.values(line.attributes ?? {}) : [])))];
  const names = new Map<string, string>();
  if (skus.length > 0) {
    const rows = await db
      .select({ sku: variants.sku, title: products.title, attributes: variants.attributes })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(eq(variants.storeId, storeId), inArray(variants.sku, skus)));
    for (const row of rows) names.set(row.sku, variantName(row.title, row.attributes));
  }
  return lines.map((line) => ({ ...line, words: wordsOf(line, names) }));
}

function wordsOf(line: WordedLine, names: ReadonlyMap<string, string>): LineWords {
  if (line.kind === "product") return { options: Object.values(line.attributes ?? {}).filter((value) => value !== "").join(", "), contents: [] };
  // A product deleted since the order still reads as a name: its handle, title-cased.
  const contents = Object.entries(line.attributes ?? {}).map(([handle, sku]) => ({ text: `${line.stockComponents[sku] ?? 1} × ${names.get(sku) ?? titleCaseHandle(handle)}`, sku }));
  return { options: "", contents };
}
