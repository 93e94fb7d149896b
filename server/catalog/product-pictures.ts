/**
 * A product's pictures: adding one (its files already stored by images/picture-intake.ts), its alt text, its place
 * in the order, removing it, and the picture a variant shows. Each runs in the caller's transaction and records its
 * audit event there. A published (active) product never holds a picture without alt text, so its pages stay
 * accessible; publishing checks the same rule with picturesWithoutAltText.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { MAX_ALT_TEXT_LENGTH, MAX_PICTURE_BYTES, PICTURE_TOO_LARGE_MESSAGE } from "../../core/pictures";
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../../core/storable-text";
import type { Database } from "../db/client";
import { productImages, products, variants } from "../db/schema";
import { removeStoredPicture, storePicture, aboutTheFile } from "../images/picture-intake";
import type { ImageStorage } from "../images/storage";
import { recordAudit, type AuditActor } from "../audit/audit";
import { badInput, notFound, tooLarge } from "../../core/errors";

/** Also the import's bound on `Image Alt Text`. */
export { MAX_ALT_TEXT_LENGTH };

export const ALT_TEXT_REQUIRED_MESSAGE = "Alt text is required on a published product's pictures";

export type ProductPicture = typeof productImages.$inferSelect;

const audited = (picture: ProductPicture) => ({
  productId: picture.productId,
  url: picture.url,
  position: picture.position,
  altText: picture.altText,
});

function checkedAltText(altText: string, productStatus: string): string {
  const trimmed = altText.trim();
  // The screen's and the upload's forms reach here without a request schema's check.
  if (hasUnstorableText(trimmed)) throw badInput(`Alt text ${UNSTORABLE_TEXT_MESSAGE}`, "alt_text");
  if (trimmed.length > MAX_ALT_TEXT_LENGTH) throw badInput(`Alt text must be at most ${MAX_ALT_TEXT_LENGTH} characters`, "alt_text");
  if (trimmed === "" && productStatus === "active") throw badInput(ALT_TEXT_REQUIRED_MESSAGE, "alt_text");
  return trimmed;
}

/** The product, locked: its pictures' positions change one writer at a time. */
async function lockedProduct(tx: Database, storeId: string, productId: number) {
  const [product] = await tx
    .select({ id: products.id, status: products.status })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.storeId, storeId)))
    .for("update");
  if (!product) throw notFound("Product not found");
  return product;
}

/** The picture and its product (locked), or 404. */
async function pictureOf(tx: Database, storeId: string, pictureId: number) {
  const [picture] = await tx
    .select()
    .from(productImages)
    .where(and(eq(productImages.id, pictureId), eq(productImages.storeId, storeId)));
  if (!picture) throw notFound("Picture not found");
  const product = await lockedProduct(tx, storeId, picture.productId);
  return { picture, product };
}

/** A product's pictures in their order. */
export async function listProductPictures(db: Database, storeId: string, productId: number): Promise<ProductPicture[]> {
  return db
    .select()
    .from(productImages)
    .where(and(eq(productImages.productId, productId), eq(productImages.storeId, storeId)))
    .orderBy(asc(productImages.position), asc(productImages.id));
}

/** How many of a product's pictures have no alt text: publishing it needs none. */
export async function picturesWithoutAltText(db: Database, storeId: string, productId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(productImages)
    .where(and(eq(productImages.productId, productId), eq(productImages.storeId, storeId), eq(productImages.altText, "")));
  return row.count;
}

/** Adds a stored picture (its URL from storePicture) after the product's others. */
export async function addProductPicture(
  tx: Database,
  actor: AuditActor,
  productId: number,
  input: { url: string; altText?: string },
): Promise<ProductPicture> {
  const product = await lockedProduct(tx, actor.storeId, productId);
  const altText = checkedAltText(input.altText ?? "", product.status);
  const [{ next }] = await tx
    .select({
      next: sql<number>`coalesce(max(${productImages.position}) + 1, 0)::int`,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  const [created] = await tx
    .insert(productImages)
    .values({
      storeId: actor.storeId,
      productId,
      url: input.url,
      altText,
      position: next,
    })
    .returning();
  await recordAudit(tx, actor, {
    action: "picture.create",
    entity: "picture",
    entityId: created.id,
    before: null,
    after: audited(created),
  });
  return created;
}

export async function updatePicture(tx: Database, actor: AuditActor, pictureId: number, input: { altText: string }): Promise<ProductPicture> {
  const { picture, product } = await pictureOf(tx, actor.storeId, pictureId);
  const altText = checkedAltText(input.altText, product.status);
  if (altText === picture.altText) return picture;
  const [updated] = await tx.update(productImages).set({ altText }).where(eq(productImages.id, pictureId)).returning();
  await recordAudit(tx, actor, {
    action: "picture.update",
    entity: "picture",
    entityId: pictureId,
    before: audited(picture),
    after: audited(updated),
  });
  return updated;
}

/** Writes positions 0, 1, 2, ... in the given order, touching only the rows whose position changes. */
async function renumber(tx: Database, ordered: ProductPicture[]) {
  for (const [position, picture] of ordered.entries()) {
    if (picture.position !== position) await tx.update(productImages).set({ position }).where(eq(productImages.id, picture.id));
  }
}

/**
 * Moves a picture to `toPosition` (0 is first; past the end is last) and numbers the product's pictures afresh.
 * Answers the product's pictures in their new order.
 */
export async function movePicture(tx: Database, actor: AuditActor, pictureId: number, toPosition: number): Promise<ProductPicture[]> {
  if (!Number.isInteger(toPosition) || toPosition < 0) throw badInput("Position must be a whole number from 0", "position");
  const { picture } = await pictureOf(tx, actor.storeId, pictureId);
  const others = (await listProductPictures(tx, actor.storeId, picture.productId)).filter((other) => other.id !== pictureId);
  const to = Math.min(toPosition, others.length);
  const ordered = [...others.slice(0, to), picture, ...others.slice(to)];
  await renumber(tx, ordered);
  if (to !== picture.position) {
    await recordAudit(tx, actor, {
      action: "picture.move",
      entity: "picture",
      entityId: pictureId,
      before: audited(picture),
      after: audited({ ...picture, position: to }),
    });
  }
  return ordered.map((each, position) => ({ ...each, position }));
}

/**
 * Removes a picture from its product (a variant showing it falls back to the product's). Answers its URL when no
 * other picture row names the same file, for the caller to remove the files with removeStoredPicture once the
 * transaction has committed (a rolled-back removal must still find them); null when they are still in use.
 */
export async function removePicture(tx: Database, actor: AuditActor, pictureId: number): Promise<{ unusedUrl: string | null }> {
  const { picture } = await pictureOf(tx, actor.storeId, pictureId);
  await tx.delete(productImages).where(eq(productImages.id, pictureId));
  await renumber(tx, await listProductPictures(tx, actor.storeId, picture.productId));
  await recordAudit(tx, actor, {
    action: "picture.remove",
    entity: "picture",
    entityId: pictureId,
    before: audited(picture),
    after: null,
  });
  const [shared] = await tx
    .select({ id: productImages.id })
    .from(productImages)
    .where(and(eq(productImages.url, picture.url), ne(productImages.id, pictureId)))
    .limit(1);
  return { unusedUrl: shared ? null : picture.url };
}

/** Names the picture a variant shows (one of its own product's), or none (null): it then shows the product's. */
export async function setVariantPicture(tx: Database, actor: AuditActor, variantId: number, pictureId: number | null): Promise<void> {
  const [variant] = await tx
    .select({
      id: variants.id,
      productId: variants.productId,
      sku: variants.sku,
      imageId: variants.imageId,
    })
    .from(variants)
    .where(and(eq(variants.id, variantId), eq(variants.storeId, actor.storeId)))
    .for("update");
  if (!variant) throw notFound("Variant not found");
  if (pictureId !== null) {
    const [picture] = await tx
      .select({ productId: productImages.productId })
      .from(productImages)
      .where(and(eq(productImages.id, pictureId), eq(productImages.storeId, actor.storeId)));
    if (!picture) throw notFound("Picture not found", "picture_id");
    if (picture.productId !== variant.productId) throw badInput("The picture must be one of the variant's product's", "picture_id");
  }
  if (variant.imageId === pictureId) return;
  await tx.update(variants).set({ imageId: pictureId }).where(eq(variants.id, variantId));
  await recordAudit(tx, actor, {
    action: "variant.picture",
    entity: "variant",
    entityId: variantId,
    before: { sku: variant.sku, pictureId: variant.imageId },
    after: { sku: variant.sku, pictureId },
  });
}

type PictureServices = { db: Database; imageStorage: ImageStorage };

/**
 * Stores uploaded pictures (checked by their bytes, one at a time to bound memory) and adds them, all or none, after
 * the product's others: if one is refused or the product cannot take them, every file already stored is removed.
 */
export async function addUploadedPictures(
  services: PictureServices,
  actor: AuditActor,
  productId: number,
  upload: { files: Blob[]; altText: string },
): Promise<ProductPicture[]> {
  const urls: string[] = [];
  try {
    await refuseBeforeStoring(services.db, actor.storeId, productId, upload.altText);
    for (const file of upload.files) {
      if (file.size > MAX_PICTURE_BYTES) throw tooLarge(PICTURE_TOO_LARGE_MESSAGE, "file");
      urls.push((await storePicture(services.imageStorage, Buffer.from(await file.arrayBuffer()))).url);
    }
    return await services.db.transaction(async (tx) => {
      const added: ProductPicture[] = [];
      for (const url of urls)
        added.push(
          await addProductPicture(tx, actor, productId, {
            url,
            altText: upload.altText,
          }),
        );
      return added;
    });
  } catch (error) {
    await Promise.all(urls.map((url) => removeStoredPicture(services.imageStorage, url)));
    throw aboutTheFile(error);
  }
}

/** The product's refusals before any file is processed: it must exist, and a published one needs the alt text. */
async function refuseBeforeStoring(db: Database, storeId: string, productId: number, altText: string) {
  const [product] = await db
    .select({ status: products.status })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.storeId, storeId)));
  if (!product) throw notFound("Product not found");
  checkedAltText(altText, product.status);
}

/** removePicture in its own transaction, then its files, once nothing can roll the removal back. */
export async function removePictureAndFiles(services: PictureServices, actor: AuditActor, pictureId: number): Promise<number> {
  const [picture] = await services.db
    .select({ productId: productImages.productId })
    .from(productImages)
    .where(and(eq(productImages.id, pictureId), eq(productImages.storeId, actor.storeId)));
  if (!picture) throw notFound("Picture not found");
  const { unusedUrl } = await services.db.transaction((tx) => removePicture(tx, actor, pictureId));
  if (unusedUrl) await removeStoredPicture(services.imageStorage, unusedUrl);
  return picture.productId;
}

export type PicturesScreen = {
  product: { id: number; title: string; status: string };
  pictures: ProductPicture[];
  variants: { id: number; sku: string; attributes: Record<string, string>; pictureId: number | null }[];
};

/** What the pictures screen shows: the product, its pictures in order, and each variant's picture. */
export async function picturesScreen(db: Database, storeId: string, productId: number): Promise<PicturesScreen> {
  const [product] = await db
    .select({ id: products.id, title: products.title, status: products.status })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.storeId, storeId)));
  if (!product) throw notFound("Product not found");
  const productVariants = await db
    .select({ id: variants.id, sku: variants.sku, attributes: variants.attributes, pictureId: variants.imageId })
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(asc(variants.position), asc(variants.id));
  return { product, pictures: await listProductPictures(db, storeId, productId), variants: productVariants };
}
