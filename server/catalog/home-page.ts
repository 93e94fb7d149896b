/**
 * The home page as the back office changes it (permission `content`): the banners, the product the text-with-image
 * banner opens, the pictures and which sections show in which order live in the settings document, changed through
 * changeStoreSettings; the testimonials are rows, read by the home through catalog/reviews.ts. The featured collection
 * is the collection editor's flag (catalog/collection-editor.ts), shown here, set there. Every write is audited in its
 * transaction, and the settings' and testimonials' triggers move the content version, so the home shows it at once.
 */
import { and, asc, eq, max } from "drizzle-orm";
import type { HomeChange, HomeContent, HomePictureSlot, TestimonialInput, TestimonialRecord } from "../../core/schemas/admin-home";
import { homeSectionOrder } from "../../core/home-sections";
import type { StoreSettings } from "../../core/schemas/store-settings";
import { listCollections } from "./collection-editor";
import { ON_SALE_STATUS } from "./products";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { products, testimonials } from "../db/schema";
import { storePicture } from "../images/picture-intake";
import { recordAudit, type AuditActor } from "../audit/audit";
import { changeStoreSettings, getStoreSettings } from "../store/settings";
import { badInput, notFound } from "../../core/errors";
import { storeRow, storeRowsInPlace } from "../db/store-rows";

export const TESTIMONIAL_NOT_FOUND = "Testimonial not found";
export const NOT_A_PRODUCT_ON_SALE = "Choose a product on sale: the home shows no button to a product shoppers cannot see";
export const ORDER_NOT_WHOLE = "Send every testimonial's id once, in the new order";

const HOME_ACTION = "home_page.update";

async function homeContentOf(db: Database, storeId: string, settings: StoreSettings): Promise<HomeContent> {
  const featured = (await listCollections(db, storeId)).find((collection) => collection.featured);
  const { siteContent } = settings;
  return {
    bannerHeader: siteContent.bannerHeader,
    bannerText: siteContent.bannerText,
    bannerButtonText: siteContent.bannerButtonText,
    bannerProductHandle: siteContent.bannerProductHandle,
    bannerImage: siteContent.bannerImage,
    bannerHeight: siteContent.bannerHeight ?? null,
    imageBand: siteContent.imageBand,
    discountImage: siteContent.discountImage,
    popupImage: siteContent.popupImage ?? null,
    homeSections: homeSectionOrder(settings.homeSections),
    featuredCollection: featured ? { id: featured.id, handle: featured.handle, title: featured.title } : null,
  };
}

export async function getHomeContent(db: Database, storeId: string): Promise<HomeContent> {
  return homeContentOf(db, storeId, await getStoreSettings(db, storeId));
}

/** The products the banner's button may open: those on sale, by title. */
export async function listBannerProducts(db: Database, storeId: string): Promise<{ handle: string; title: string }[]> {
  return db
    .select({ handle: products.handle, title: products.title })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.status, ON_SALE_STATUS)))
    .orderBy(asc(products.title), asc(products.id));
}

export async function changeHomeContent(db: Database, actor: AuditActor, change: HomeChange): Promise<HomeContent> {
  const { homeSections, ...siteContent } = change;
  if (siteContent.bannerProductHandle !== undefined) {
    const onSale = await listBannerProducts(db, actor.storeId);
    if (!onSale.some((product) => product.handle === siteContent.bannerProductHandle)) {
      throw badInput(NOT_A_PRODUCT_ON_SALE, "bannerProductHandle");
    }
  }
  const settings = await changeStoreSettings(db, actor, { siteContent, ...(homeSections ? { homeSections } : {}) }, HOME_ACTION);
  return homeContentOf(db, actor.storeId, settings);
}

/** A new picture for one of the home's places, through the shop's one picture intake (as the logo is). */
export async function uploadHomePicture(
  deps: Pick<AppDeps, "db" | "imageStorage">,
  actor: AuditActor,
  slot: HomePictureSlot,
  file: File,
): Promise<HomeContent> {
  const { url } = await storePicture(deps.imageStorage, Buffer.from(await file.arrayBuffer()), { folder: "site" });
  const settings = await changeStoreSettings(deps.db, actor, { siteContent: { [slot]: url } }, HOME_ACTION);
  return homeContentOf(deps.db, actor.storeId, settings);
}

// ---------------------------------------------------------------- testimonials

type TestimonialRow = typeof testimonials.$inferSelect;

const testimonialRecord = (row: TestimonialRow): TestimonialRecord => ({
  id: row.id,
  title: row.title,
  main_review: row.mainReview,
  rating: row.rating,
  name: row.name,
});

const audited = (record: TestimonialRecord) => ({ ...record }) as Record<string, unknown>;

/** In the carousel's order (the order catalog/reviews.ts listTestimonials reads). */
export async function listTestimonialRecords(db: Database, storeId: string): Promise<TestimonialRecord[]> {
  return (await storeRowsInPlace(db, testimonials, storeId)).map(testimonialRecord);
}

const testimonialRow = (tx: Database, storeId: string, id: number) => storeRow(tx, testimonials, storeId, id, TESTIMONIAL_NOT_FOUND, true);

const columnsOf = (input: TestimonialInput) => ({ title: input.title, mainReview: input.main_review, rating: input.rating, name: input.name });

/** Added last in the carousel. */
export async function createTestimonial(db: Database, actor: AuditActor, input: TestimonialInput): Promise<TestimonialRecord> {
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({ position: max(testimonials.position) })
      .from(testimonials)
      .where(eq(testimonials.storeId, actor.storeId));
    const [row] = await tx
      .insert(testimonials)
      .values({ storeId: actor.storeId, ...columnsOf(input), position: (last?.position ?? -1) + 1 })
      .returning();
    const record = testimonialRecord(row);
    await recordAudit(tx, actor, { action: "testimonial.create", entity: "testimonial", entityId: row.id, before: null, after: audited(record) });
    return record;
  });
}

export async function updateTestimonial(db: Database, actor: AuditActor, id: number, input: TestimonialInput): Promise<TestimonialRecord> {
  return db.transaction(async (tx) => {
    const before = testimonialRecord(await testimonialRow(tx, actor.storeId, id));
    const [row] = await tx.update(testimonials).set(columnsOf(input)).where(eq(testimonials.id, id)).returning();
    const record = testimonialRecord(row);
    await recordAudit(tx, actor, { action: "testimonial.update", entity: "testimonial", entityId: id, before: audited(before), after: audited(record) });
    return record;
  });
}

export async function deleteTestimonial(db: Database, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = testimonialRecord(await testimonialRow(tx, actor.storeId, id));
    await tx.delete(testimonials).where(eq(testimonials.id, id));
    await recordAudit(tx, actor, { action: "testimonial.delete", entity: "testimonial", entityId: id, before: audited(before), after: null });
  });
}

/** The carousel's new order: every testimonial's id once, so no testimonial is left without a place. */
export async function reorderTestimonials(db: Database, actor: AuditActor, ids: number[]): Promise<TestimonialRecord[]> {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: testimonials.id }).from(testimonials).where(eq(testimonials.storeId, actor.storeId)).for("update");
    const before = await listTestimonialRecords(tx, actor.storeId);
    const known = new Set(rows.map((row) => row.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
      throw badInput(ORDER_NOT_WHOLE, "ids");
    }
    for (const [position, id] of ids.entries()) {
      await tx.update(testimonials).set({ position }).where(eq(testimonials.id, id));
    }
    await recordAudit(tx, actor, {
      action: "testimonial.reorder",
      entity: "testimonial",
      entityId: null,
      before: { order: before.map((record) => record.id) },
      after: { order: ids },
    });
    return listTestimonialRecords(tx, actor.storeId);
  });
}

/** One testimonial a place earlier or later in the carousel (the screen's up and down buttons). */
export async function moveTestimonial(db: Database, actor: AuditActor, id: number, by: -1 | 1): Promise<TestimonialRecord[]> {
  const ids = (await listTestimonialRecords(db, actor.storeId)).map((record) => record.id);
  const at = ids.indexOf(id);
  if (at === -1) throw notFound(TESTIMONIAL_NOT_FOUND);
  const to = at + by;
  if (to < 0 || to >= ids.length) return listTestimonialRecords(db, actor.storeId);
  [ids[at], ids[to]] = [ids[to], ids[at]];
  return reorderTestimonials(db, actor, ids);
}
