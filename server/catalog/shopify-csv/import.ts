/**
 * Importing Shopify's product CSV: the file read (read.ts) and checked against the store (a SKU another product
 * has), a batch of products at a time with one query per lookup for the batch; then, unless it is a dry run, its
 * pictures fetched and stored first and every product saved by saveProduct, the one function that writes products,
 * batch after batch in ONE transaction: the file lands whole or not at all (decision 0075).
 *
 * An existing product's pictures are the owner's (the editor manages them): only a product the import creates, or
 * one without pictures, gets the file's. So importing the same file twice, or the shop's own export, doubles none.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { AppDeps } from "../../context";
import type { Database } from "../../db/client";
import { productImages, products, variants } from "../../db/schema";
import { fetchPicture } from "../../images/fetch-picture";
import { removeStoredPicture, storePicture } from "../../images/picture-intake";
import { recordAudit, type AuditActor } from "../../audit/audit";
import { saveProduct } from "../product-editor";
import { addProductPicture, setVariantPicture } from "../product-pictures";
import type { CsvProblem } from "./columns";
import { readShopifyCsv, type PlannedPicture, type ReadProduct, type ShopifyFile } from "./read";
import { DomainError, isRefusal } from "../../../core/errors";

export type ImportCounts = {
  products_created: number;
  products_updated: number;
  variants_created: number;
  variants_updated: number;
  /** Variants of updated products the file leaves out: saving the product removes them. */
  variants_removed: number;
  /** Pictures the import would fetch (dry run) or added (applied). */
  pictures: number;
};

export type ImportSummary = ImportCounts & {
  /** True once the file's products are saved; a dry run, or a file with problems, changes nothing. */
  applied: boolean;
  pictures_failed: number;
  /** What the import let pass but the owner should know: unknown columns, a made-up SKU, a picture not fetched. */
  notices: CsvProblem[];
};

export type ImportOutcome = { summary: ImportSummary; problems: CsvProblem[]; totalRows: number };

/** Rows saved so far, for a job's progress. */
export type ImportProgress = (processedRows: number) => void;

type PlannedProduct = ReadProduct & { productId: number | null; takesPictures: boolean };

/** Products checked and applied together: each lookup is one query for the batch, never one per product. */
const BATCH_PRODUCTS = 250;

const noCounts = (): ImportCounts => ({ products_created: 0, products_updated: 0, variants_created: 0, variants_updated: 0, variants_removed: 0, pictures: 0 });

/**
 * Checks a batch of the file's products against the store as `db` sees it (the import's transaction, when applying):
 * which exist, which have pictures, which SKUs other products hold. Adds to `counts` and `problems`; changes nothing.
 */
async function planBatch(db: Database, storeId: string, batch: ReadProduct[], counts: ImportCounts, problems: CsvProblem[]): Promise<PlannedProduct[]> {
  const handles = batch.map((product) => product.handle);
  const existing = handles.length
    ? await db
        .select({ id: products.id, handle: products.handle })
        .from(products)
        .where(and(eq(products.storeId, storeId), inArray(products.handle, handles)))
    : [];
  const idByHandle = new Map(existing.map((row) => [row.handle, row.id]));
  const ids = existing.map((row) => row.id);
  const skus = batch.flatMap((product) => product.input.variants.map((variant) => variant.sku.toLowerCase()));
  const [pictured, known, variantCounts] = await Promise.all([
    ids.length ? db.selectDistinct({ productId: productImages.productId }).from(productImages).where(inArray(productImages.productId, ids)) : [],
    skus.length
      ? db
          .select({ sku: variants.sku, productId: variants.productId, lowStockThreshold: variants.lowStockThreshold, title: products.title })
          .from(variants)
          .innerJoin(products, eq(products.id, variants.productId))
          .where(and(eq(variants.storeId, storeId), inArray(sql`lower(${variants.sku})`, skus)))
      : [],
    ids.length
      ? db
          .select({ productId: variants.productId, count: sql<number>`count(*)::int` })
          .from(variants)
          .where(inArray(variants.productId, ids))
          .groupBy(variants.productId)
      : [],
  ]);
  const withPictures = new Set(pictured.map((row) => row.productId));
  const knownBySku = new Map(known.map((row) => [row.sku.toLowerCase(), row]));
  const countByProduct = new Map(variantCounts.map((row) => [row.productId, row.count]));

  const planned: PlannedProduct[] = [];
  for (const product of batch) {
    const productId = idByHandle.get(product.handle) ?? null;
    let kept = 0;
    product.input.variants.forEach((variant, index) => {
      const other = knownBySku.get(variant.sku.toLowerCase());
      if (other && other.productId !== productId) {
        problems.push({ row: product.variantRows[index], column: "Variant SKU", message: `SKU ${variant.sku} is used by ${other.title}` });
      } else if (other) {
        kept++;
        // The file has no column for it: the variant keeps its own.
        variant.low_stock_threshold = other.lowStockThreshold;
      }
    });
    const takesPictures = productId === null || !withPictures.has(productId);
    counts[productId === null ? "products_created" : "products_updated"]++;
    counts.variants_updated += kept;
    counts.variants_created += product.input.variants.length - kept;
    counts.variants_removed += productId === null ? 0 : (countByProduct.get(productId) ?? 0) - kept;
    if (takesPictures) counts.pictures += product.pictures.length;
    planned.push({ ...product, productId, takesPictures });
  }
  return planned;
}

type Check = { problems: CsvProblem[]; notices: CsvProblem[]; counts: ImportCounts; wantedPictures: PlannedPicture[] };

/** Reads and checks the whole file against the store, a batch at a time; changes nothing. */
async function checkFile(db: Database, storeId: string, file: ShopifyFile, onProgress: ImportProgress | undefined): Promise<Check> {
  const check: Check = { problems: [], notices: [...file.notices], counts: noCounts(), wantedPictures: [] };
  let rows = 0;
  for (const batch of file.batches(BATCH_PRODUCTS)) {
    check.problems.push(...batch.problems);
    check.notices.push(...batch.notices);
    for (const product of await planBatch(db, storeId, batch.products, check.counts, check.problems)) {
      if (product.takesPictures) check.wantedPictures.push(...product.pictures);
      rows += product.variantRows.length;
    }
    onProgress?.(rows);
  }
  check.problems.sort((a, b) => a.row - b.row);
  return check;
}

const FETCH_CONCURRENCY = 4;

/** Runs `work` on each item, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Each picture URL the import attaches, fetched and stored once, before the transaction (which then only writes
 * rows). A URL of the shop's own pictures (its export's) is kept as it is. A picture that cannot be had is a notice.
 */
async function storePictures(deps: AppDeps, pictures: PlannedPicture[], notices: CsvProblem[]): Promise<{ stored: Map<string, string>; made: string[] }> {
  const stored = new Map<string, string>();
  const made: string[] = [];
  const firstOf = new Map<string, PlannedPicture>();
  for (const picture of pictures) if (!firstOf.has(picture.url)) firstOf.set(picture.url, picture);
  const ownRoot = deps.imageStorage.url("x").slice(0, -1);
  const ownAbsolute = new URL(ownRoot, deps.config.publicUrl).href;
  await eachLimited([...firstOf.values()], FETCH_CONCURRENCY, async (picture) => {
    if (picture.url.startsWith(ownRoot)) return void stored.set(picture.url, picture.url);
    if (picture.url.startsWith(ownAbsolute)) return void stored.set(picture.url, picture.url.slice(ownAbsolute.length - ownRoot.length));
    try {
      const bytes = await fetchPicture(picture.url, { allowPrivate: deps.config.IMPORT_ALLOW_PRIVATE_URLS });
      const { url } = await storePicture(deps.imageStorage, bytes);
      made.push(url);
      stored.set(picture.url, url);
    } catch (error) {
      const message = isRefusal(error) ? error.message : "The picture could not be fetched";
      for (const failed of pictures.filter((each) => each.url === picture.url)) {
        notices.push({ row: failed.row, column: failed.column, message: `Picture not imported: ${message}` });
      }
    }
  });
  return { stored, made };
}

/** A problem saveProduct refused a product with, placed on its row: the transaction is undone by throwing it. */
class ProductRefused extends Error {
  constructor(readonly problem: CsvProblem) {
    super(problem.message);
  }
}

/** The column a refusal's field is told at; `links`: the Status that takes the product off sale (removingWithLinks). */
const FIELD_COLUMNS: Record<string, string> = { handle: "Handle", status: "Status", links: "Status", collection_ids: "Handle" };

function refusalOf(error: DomainError, product: ReadProduct): CsvProblem {
  const variant = /^variants\.(\d+)\.sku$/.exec(error.field ?? "");
  if (variant) return { row: product.variantRows[Number(variant[1])] ?? product.row, column: "Variant SKU", message: error.message };
  return { row: product.row, column: FIELD_COLUMNS[error.field ?? ""] ?? "Handle", message: error.message };
}

/**
 * Imports a Shopify product CSV: a dry run says what it would create and update and every problem; otherwise the
 * file is applied whole in one transaction (with one `catalogue.import` audit event), or, with any problem, not at
 * all. Both read the file a batch of products at a time and report the rows done as they go (a dry run's as it
 * checks, an import's as it saves). Throws CsvFileError for a file that is not such a CSV.
 */
export async function importShopifyCsv(
  deps: AppDeps,
  actor: AuditActor,
  csv: string,
  options: { dryRun: boolean; importId?: number; onProgress?: ImportProgress },
): Promise<ImportOutcome> {
  const file = readShopifyCsv(csv);
  const check = await checkFile(deps.db, actor.storeId, file, options.dryRun ? options.onProgress : undefined);
  const notices = check.notices;
  const outcome = (applied: boolean, problems: CsvProblem[], pictures = check.counts.pictures, failed = 0): ImportOutcome => ({
    summary: { ...check.counts, pictures, applied, pictures_failed: failed, notices: notices.sort((a, b) => a.row - b.row) },
    problems,
    totalRows: file.totalRows,
  });
  if (options.dryRun || check.problems.length > 0) return outcome(false, check.problems);

  const noticesBefore = notices.length;
  const { stored, made } = await storePictures(deps, check.wantedPictures, notices);
  const failed = notices.length - noticesBefore;
  let added = 0;
  try {
    await deps.db.transaction(async (tx) => {
      let rows = 0;
      for (const batch of file.batches(BATCH_PRODUCTS)) {
        // Checked again as the transaction sees the store, which the batches before have changed: the SKUs are then
        // known free, and saveProduct need not look each product's up again.
        const problems: CsvProblem[] = [];
        const planned = await planBatch(tx, actor.storeId, batch.products, noCounts(), problems);
        if (problems.length > 0) throw new ProductRefused(problems[0]);
        for (const product of planned) {
          try {
            const saved = await saveProduct(tx, actor, product.input, { byHandle: true }, { audit: false, skusChecked: true });
            if (product.takesPictures) added += await attachPictures(tx, actor, saved.productId, product, stored);
          } catch (error) {
            if (isRefusal(error)) throw new ProductRefused(refusalOf(error, product));
            throw error;
          }
          rows += product.variantRows.length;
        }
        options.onProgress?.(rows);
      }
      await recordAudit(tx, actor, {
        action: "catalogue.import",
        entity: "catalogue_import",
        entityId: options.importId ?? null,
        before: null,
        after: { ...check.counts, pictures: added, pictures_failed: failed },
      });
    });
  } catch (error) {
    // Nothing was imported, so the pictures stored for it are nobody's.
    await Promise.all(made.map((url) => removeStoredPicture(deps.imageStorage, url)));
    if (error instanceof ProductRefused) return outcome(false, [error.problem], 0, failed);
    throw error;
  }
  return outcome(true, [], added, failed);
}

async function attachPictures(tx: Database, actor: AuditActor, productId: number, product: ReadProduct, stored: Map<string, string>): Promise<number> {
  const pictureIdByUrl = new Map<string, number>();
  for (const picture of product.pictures) {
    const url = stored.get(picture.url);
    if (url === undefined || pictureIdByUrl.has(picture.url)) continue;
    const created = await addProductPicture(tx, actor, productId, { url, altText: picture.altText });
    pictureIdByUrl.set(picture.url, created.id);
  }
  if (product.variantPictures.length > 0) {
    const rows = await tx.select({ id: variants.id, sku: variants.sku }).from(variants).where(eq(variants.productId, productId));
    const idBySku = new Map(rows.map((row) => [row.sku.toLowerCase(), row.id]));
    for (const { sku, url } of product.variantPictures) {
      const pictureId = pictureIdByUrl.get(url);
      const variantId = idBySku.get(sku.toLowerCase());
      if (pictureId !== undefined && variantId !== undefined) await setVariantPicture(tx, actor, variantId, pictureId);
    }
  }
  return pictureIdByUrl.size;
}
