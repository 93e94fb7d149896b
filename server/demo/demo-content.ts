/**
 * "Remove the demo content" (decision 0067): one use case for the setup page's "an empty shop", Store settings' button
 * and the owner's command. It takes the rows the demo's seed marked (demo_content) and the demo's words where they
 * are still the demo's, in one transaction, audited; orders, customers and everything the owner made stay.
 *
 * The preview is the removal itself, run in a transaction that is then rolled back: what the screen lists is what
 * the removal does, with no second copy of its rules.
 */
import { isDeepStrictEqual } from "node:util";
import { and, count, eq, inArray, ne, notInArray } from "drizzle-orm";
import type { DemoContentKind } from "../../core/demo-content";
import { formatMoney } from "../../core/money";
import type { StoreSettings } from "../../core/schemas/store-settings";
import { conflict } from "../../core/errors";
import { recordAudit, type AuditActor } from "../audit/audit";
import { withoutDeadLinks } from "../catalog/navigation";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import {
  blogPosts,
  bundleProducts,
  bundles,
  collectionBundles,
  collectionProducts,
  collections,
  demoContent,
  discounts,
  pageSections,
  pages,
  products,
  reviews,
  stores,
  subscriptionLines,
  subscriptions,
  testimonials,
  variants,
} from "../db/schema";
import { EMPTY_SHOP, PAGES, SITE_IMAGES, demoSettings } from "../db/seed-content";
import { imageUrl } from "../db/seed-images";
import type { ImageStorage } from "../images/storage";
import { changeStoreSettings, lockStoreSettings, type StoreSettingsChange } from "../store/settings";

/** What the removal takes, or took: names where the owner knows things by name, counts where there are many. */
export type DemoRemoval = {
  products: string[];
  bundles: string[];
  /** Each collection that loses demo members, with how many; `removed` for the demo's own collections left empty. */
  collections: { title: string; members: number; removed: boolean }[];
  discounts: string[];
  /** The demo's own reviews. */
  reviews: number;
  /** Reviews customers wrote of demo products: they go with their product. */
  customerReviews: number;
  testimonials: string[];
  posts: string[];
  /** Pages whose demo text is replaced, by their title before. */
  pages: string[];
  pictures: string[];
  /** Settings that return to an empty shop's, each as "what: before → after". */
  settings: string[];
  /** What stops the removal until the owner deals with it; empty when it may go ahead. */
  blockers: string[];
};

export const NO_DEMO_CONTENT = "The shop has no demo content left";
export const DEMO_REMOVAL_BLOCKED = "The demo content cannot be removed yet";

type Marked = Record<DemoContentKind, number[]>;

class PreviewOnly extends Error {
  constructor(readonly removal: DemoRemoval | null) {
    super("preview rolled back");
  }
}

/** Whether the shop still has the demo's content to remove: Store settings offers the removal only then. */
export async function hasDemoContent(db: Database, storeId: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(demoContent).where(eq(demoContent.storeId, storeId));
  return (row?.n ?? 0) > 0;
}

/** What removing the demo would take now, changing nothing; null when there is no demo content. */
export async function previewDemoRemoval(deps: Pick<AppDeps, "db" | "imageStorage">, storeId: string): Promise<DemoRemoval | null> {
  if (!(await hasDemoContent(deps.db, storeId))) return null;
  const previewer: AuditActor = { storeId, kind: "command", id: null, label: "preview" };
  try {
    await deps.db.transaction(async (tx) => {
      throw new PreviewOnly(await removeDemoIn(tx, previewer, shopMarkUrl(deps.imageStorage)));
    });
  } catch (error) {
    if (error instanceof PreviewOnly) return error.removal;
    throw error;
  }
  return null;
}

/**
 * Removes the demo content, once: a second call (or a second instance racing the first) finds nothing and returns
 * null. A blocker refuses it whole (409) with what to do first.
 */
export async function removeDemoContent(deps: Pick<AppDeps, "db" | "imageStorage">, actor: AuditActor): Promise<DemoRemoval | null> {
  const logoUrl = await ensureShopMark(deps.imageStorage);
  return deps.db.transaction((tx) => removeDemoContentIn(tx, actor, logoUrl));
}

/** The removal inside the caller's transaction (the setup's, which makes the owner in the same one). */
export async function removeDemoContentIn(tx: Database, actor: AuditActor, logoUrl: string): Promise<DemoRemoval | null> {
  const removal = await removeDemoIn(tx, actor, logoUrl);
  if (removal === null) return null;
  if (removal.blockers.length > 0) throw conflict(`${DEMO_REMOVAL_BLOCKED}: ${removal.blockers.join("; ")}`);
  await recordAudit(tx, actor, {
    action: "demo.remove",
    entity: "store",
    entityId: actor.storeId,
    before: auditedRemoval(removal),
    after: null,
  });
  return removal;
}

/** The empty shop's logo, put in the shop's storage if it is not there yet; its address. */
export async function ensureShopMark(storage: ImageStorage): Promise<string> {
  if (!(await storage.has(EMPTY_SHOP.logoFile))) await storage.put(EMPTY_SHOP.logoFile, Buffer.from(SHOP_MARK_SVG), "image/svg+xml");
  return shopMarkUrl(storage);
}

const shopMarkUrl = (storage: ImageStorage) => storage.url(EMPTY_SHOP.logoFile);

/** A shopping bag in the demo's teal: a mark with no name in it, so renaming the shop never leaves it wrong. */
const SHOP_MARK_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80">
<path d="M16 28 H64 L60 70 Q59 74 55 74 H25 Q21 74 20 70 Z" fill="#1D4E47"/>
<path d="M29 34 V22 Q29 10 40 10 Q51 10 51 22 V34" stroke="#7A4A26" stroke-width="5" fill="none" stroke-linecap="round"/>
</svg>`;

const auditedRemoval = (removal: DemoRemoval): Record<string, unknown> => ({
  products: removal.products.join(", "),
  bundles: removal.bundles.join(", "),
  collections: removal.collections.map((c) => `${c.title} (${c.members}${c.removed ? ", removed" : ""})`).join(", "),
  discounts: removal.discounts.join(", "),
  reviews: removal.reviews + removal.customerReviews,
  testimonials: removal.testimonials.join(", "),
  posts: removal.posts.join(", "),
  pages: removal.pages.join(", "),
  pictures: removal.pictures.join(", "),
  settings: removal.settings.join("; "),
});

/** The whole removal in `tx`, audited by the caller; null when the shop has no demo content. */
async function removeDemoIn(tx: Database, actor: AuditActor, logoUrl: string): Promise<DemoRemoval | null> {
  const { storeId } = actor;
  // Every settings writer takes this lock first: a second removal waits here, then finds no markers.
  const before = await lockStoreSettings(tx, storeId);
  const markers = await tx.select().from(demoContent).where(eq(demoContent.storeId, storeId));
  if (markers.length === 0) return null;
  const marked = Object.fromEntries(
    (["product", "bundle", "collection", "discount", "review", "testimonial", "blog_post"] as const).map((kind) => [
      kind,
      markers.filter((marker) => marker.kind === kind).map((marker) => marker.rowId),
    ]),
  ) as Marked;
  const ids = (list: number[]) => (list.length > 0 ? list : [-1]);

  const productRows = await tx
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.id, ids(marked.product))))
    .orderBy(products.id);
  const productIds = productRows.map((row) => row.id);
  const bundleRows = await tx
    .select({ id: bundles.id, title: bundles.title })
    .from(bundles)
    .where(and(eq(bundles.storeId, storeId), inArray(bundles.id, ids(marked.bundle))))
    .orderBy(bundles.id);
  const blockers = await blockersOf(tx, storeId, ids(productIds), ids(marked.bundle));

  const collectionMembers = await membersLeaving(tx, storeId, ids(productIds), ids(bundleRows.map((row) => row.id)));
  const discountRows = await tx
    .select({ code: discounts.code })
    .from(discounts)
    .where(and(eq(discounts.storeId, storeId), inArray(discounts.id, ids(marked.discount))))
    .orderBy(discounts.id);
  const [demoReviews] = await tx
    .select({ n: count() })
    .from(reviews)
    .where(and(eq(reviews.storeId, storeId), inArray(reviews.id, ids(marked.review))));
  const [customerReviews] = await tx
    .select({ n: count() })
    .from(reviews)
    .where(and(eq(reviews.storeId, storeId), inArray(reviews.productId, ids(productIds)), notInArray(reviews.id, ids(marked.review))));
  const testimonialRows = await tx
    .select({ name: testimonials.name })
    .from(testimonials)
    .where(and(eq(testimonials.storeId, storeId), inArray(testimonials.id, ids(marked.testimonial))))
    .orderBy(testimonials.position, testimonials.id);
  const postRows = await tx
    .select({ title: blogPosts.title })
    .from(blogPosts)
    .where(and(eq(blogPosts.storeId, storeId), inArray(blogPosts.id, ids(marked.blog_post))))
    .orderBy(blogPosts.id);

  // Reviews, variants, pictures, collection members, wishlists and stock alerts go with their product (the schema's
  // cascades); orders keep their lines as text, and carts drop a line whose product is gone when they next load.
  await tx.delete(reviews).where(and(eq(reviews.storeId, storeId), inArray(reviews.id, ids(marked.review))));
  await tx.delete(bundles).where(and(eq(bundles.storeId, storeId), inArray(bundles.id, ids(marked.bundle))));
  await tx.delete(products).where(and(eq(products.storeId, storeId), inArray(products.id, ids(productIds))));
  await tx.delete(discounts).where(and(eq(discounts.storeId, storeId), inArray(discounts.id, ids(marked.discount))));
  await tx.delete(testimonials).where(and(eq(testimonials.storeId, storeId), inArray(testimonials.id, ids(marked.testimonial))));
  await tx.delete(blogPosts).where(and(eq(blogPosts.storeId, storeId), inArray(blogPosts.id, ids(marked.blog_post))));
  const removedCollections = await removeEmptiedCollections(tx, storeId, ids(marked.collection));

  const pageTitles = await replaceDemoPageText(tx, storeId);
  const settings = await emptyShopSettings(tx, actor, before, logoUrl);
  await tx.delete(demoContent).where(eq(demoContent.storeId, storeId));

  const pictures = [
    ...(productRows.length + bundleRows.length > 0 ? [`the pictures of ${productRows.length} products and ${bundleRows.length} bundles`] : []),
    ...(before.logo.url === DEMO_SETTINGS.logo.url ? ["the logo with the demo shop's name"] : []),
    ...(before.siteContent.discountImage === DEMO_SETTINGS.siteContent.discountImage ? ["the newsletter picture ('Join the Tidewater newsletter')"] : []),
    ...(pageTitles.some((page) => page.image) ? ["the About page's picture"] : []),
  ];
  return {
    products: productRows.map((row) => row.title),
    bundles: bundleRows.map((row) => row.title),
    collections: collectionMembers.map((collection) => ({ ...collection, removed: removedCollections.has(collection.id) })).map(({ id: _id, ...rest }) => rest),
    discounts: discountRows.map((row) => row.code),
    reviews: demoReviews?.n ?? 0,
    customerReviews: customerReviews?.n ?? 0,
    testimonials: testimonialRows.map((row) => row.name),
    posts: postRows.map((row) => row.title),
    pages: pageTitles.map((page) => page.title),
    pictures,
    settings,
    blockers,
  };
}

/**
 * What the owner must settle first: a subscription that still renews a demo product would have nothing to renew,
 * and a bundle of the owner's own that holds one would lose part of what it sells.
 */
async function blockersOf(tx: Database, storeId: string, productIds: number[], demoBundleIds: number[]): Promise<string[]> {
  const renewing = await tx
    .selectDistinct({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(subscriptionLines, eq(subscriptionLines.subscriptionId, subscriptions.id))
    .innerJoin(variants, and(eq(variants.storeId, storeId), eq(variants.sku, subscriptionLines.sku)))
    .where(and(eq(subscriptions.storeId, storeId), ne(subscriptions.status, "cancelled"), inArray(variants.productId, productIds)));
  const ownBundles = await tx
    .selectDistinct({ title: bundles.title })
    .from(bundles)
    .innerJoin(bundleProducts, eq(bundleProducts.bundleId, bundles.id))
    .where(and(eq(bundles.storeId, storeId), notInArray(bundles.id, demoBundleIds), inArray(bundleProducts.productId, productIds)));
  return [
    ...(renewing.length > 0
      ? [`${renewing.length} subscription${renewing.length === 1 ? "" : "s"} still renew${renewing.length === 1 ? "s" : ""} a demo product: cancel ${renewing.length === 1 ? "it" : "them"} first (Subscriptions)`]
      : []),
    ...ownBundles.map((bundle) => `your bundle "${bundle.title}" holds a demo product: take it out of the bundle first`),
  ];
}

/** Each collection with how many of its members are the demo's products and bundles. */
async function membersLeaving(tx: Database, storeId: string, productIds: number[], bundleIds: number[]) {
  const rows = await tx.select({ id: collections.id, title: collections.title }).from(collections).where(eq(collections.storeId, storeId)).orderBy(collections.id);
  const productCounts = await tx
    .select({ id: collectionProducts.collectionId, n: count() })
    .from(collectionProducts)
    .where(and(eq(collectionProducts.storeId, storeId), inArray(collectionProducts.productId, productIds)))
    .groupBy(collectionProducts.collectionId);
  const bundleCounts = await tx
    .select({ id: collectionBundles.collectionId, n: count() })
    .from(collectionBundles)
    .where(and(eq(collectionBundles.storeId, storeId), inArray(collectionBundles.bundleId, bundleIds)))
    .groupBy(collectionBundles.collectionId);
  const leaving = new Map<number, number>();
  for (const { id, n } of [...productCounts, ...bundleCounts]) leaving.set(id, (leaving.get(id) ?? 0) + n);
  return rows.filter((row) => leaving.has(row.id)).map((row) => ({ ...row, members: leaving.get(row.id)! }));
}

/** The demo's own collections with no member left (the owner's additions keep one); their ids. */
async function removeEmptiedCollections(tx: Database, storeId: string, demoCollectionIds: number[]): Promise<Set<number>> {
  const withMembers = new Set(
    [
      ...(await tx.selectDistinct({ id: collectionProducts.collectionId }).from(collectionProducts).where(inArray(collectionProducts.collectionId, demoCollectionIds))),
      ...(await tx.selectDistinct({ id: collectionBundles.collectionId }).from(collectionBundles).where(inArray(collectionBundles.collectionId, demoCollectionIds))),
    ].map((row) => row.id),
  );
  const empty = demoCollectionIds.filter((id) => !withMembers.has(id));
  if (empty.length === 0) return new Set();
  const removed = await tx
    .delete(collections)
    .where(and(eq(collections.storeId, storeId), inArray(collections.id, empty)))
    .returning({ id: collections.id });
  return new Set(removed.map((row) => row.id));
}

const DEMO_SETTINGS: StoreSettings = demoSettings(imageUrl);

/**
 * Each demo page as an empty shop has it: the sections still in the demo's words go, a page left with none takes the
 * empty shop's text (About waits as a draft), and a title or picture still the demo's is replaced. A section the
 * owner wrote stays. Returns the pages changed, by their title before.
 */
async function replaceDemoPageText(tx: Database, storeId: string): Promise<{ title: string; image: boolean }[]> {
  const changed: { title: string; image: boolean }[] = [];
  for (const demo of PAGES) {
    const [page] = await tx.select().from(pages).where(and(eq(pages.storeId, storeId), eq(pages.name, demo.name)));
    if (!page) continue;
    const sections = await tx.select().from(pageSections).where(eq(pageSections.pageId, page.id)).orderBy(pageSections.position);
    const demoTexts = new Set(demo.sections.map((section) => section.content));
    const demoSections = sections.filter((section) => demoTexts.has(section.content));
    const demoImage = demo.image !== undefined && page.image === imageUrl(demo.image);
    const demoTitle = page.title === demo.title;
    if (demoSections.length === 0 && !demoImage && !demoTitle) continue;
    const empty = EMPTY_SHOP.pages[demo.name as keyof typeof EMPTY_SHOP.pages];
    const keptSections = sections.length - demoSections.length;
    if (demoSections.length > 0) await tx.delete(pageSections).where(inArray(pageSections.id, demoSections.map((section) => section.id)));
    if (keptSections === 0) {
      await tx.insert(pageSections).values(empty.sections.map((section, position) => ({ storeId, pageId: page.id, position, ...section })));
    }
    await tx
      .update(pages)
      .set({
        title: demoTitle ? empty.title : page.title,
        image: demoImage ? null : page.image,
        // Only a page wholly the demo's takes the empty shop's status: About's text is for its owner to write.
        status: keptSections === 0 && demoTitle ? empty.status : page.status,
        updatedAt: new Date(),
      })
      .where(eq(pages.id, page.id));
    changed.push({ title: page.title, image: demoImage });
  }
  return changed;
}

/**
 * The settings an empty shop has where they are still the demo's: name, logo, copyright, social links, the home
 * banner's words and product, the newsletter picture, a minimum order of none; and menu and footer links only to
 * pages that are left. Saved through the one settings writer, audited as part of the removal.
 */
async function emptyShopSettings(tx: Database, actor: AuditActor, before: StoreSettings, logoUrl: string): Promise<string[]> {
  const demo = DEMO_SETTINGS;
  const said: string[] = [];
  const change: StoreSettingsChange = {};
  const demoName = before.websiteTitle === demo.websiteTitle;
  const name = demoName ? EMPTY_SHOP.storeName : before.websiteTitle;
  if (demoName) {
    change.websiteTitle = name;
    said.push(`Store name: ${before.websiteTitle} → ${name}`);
  }
  if (before.logo.url === demo.logo.url) {
    change.logo = { url: logoUrl, alt: name };
    said.push("Logo: the demo's → a plain mark");
  }
  if (before.footer.copyright === demo.footer.copyright) said.push(`Copyright line: ${before.footer.copyright} → ${name}`);
  if (isDeepStrictEqual(before.socialLinks, demo.socialLinks)) {
    change.socialLinks = [];
    said.push(`Social links: ${before.socialLinks.map((link) => link.network).join(", ")} → none`);
  }
  const site = before.siteContent;
  const siteChange: NonNullable<StoreSettingsChange["siteContent"]> = {};
  if (site.bannerHeader === demo.siteContent.bannerHeader) siteChange.bannerHeader = EMPTY_SHOP.bannerHeader(name);
  if (site.bannerText === demo.siteContent.bannerText) siteChange.bannerText = "";
  if (site.bannerButtonText === demo.siteContent.bannerButtonText) siteChange.bannerButtonText = EMPTY_SHOP.bannerButtonText;
  if (site.bannerProductHandle === demo.siteContent.bannerProductHandle) siteChange.bannerProductHandle = "";
  // The demo's title banner is a harbour drawn without words: it stands in for the newsletter picture, which has them.
  if (site.discountImage === demo.siteContent.discountImage) siteChange.discountImage = imageUrl(SITE_IMAGES.banner);
  if (Object.keys(siteChange).length > 0) {
    change.siteContent = siteChange;
    said.push("Home page banner: the demo's words and product → the shop's name");
  }
  if (before.checkout.minimumOrderCents === demo.checkout.minimumOrderCents && before.checkout.minimumOrderCents > 0) {
    change.checkout = { minimumOrderCents: 0 };
    said.push(`Minimum order: ${formatMoney(before.checkout.minimumOrderCents)} → none`);
  }
  const navigation = await withoutDeadLinks(tx, actor.storeId, before);
  const goneLinks = [
    ...before.navbar.pages.filter((link) => !navigation.navbar.pages.includes(link)).map((link) => `menu: ${link.name}`),
    ...before.footer.links.filter((link) => !navigation.footer.links.includes(link)).map((link) => `footer: ${link.name}`),
    ...before.footer.sections.flatMap((section) => {
      const kept = navigation.footer.sections.find((candidate) => candidate.title === section.title)?.links ?? [];
      return section.links.filter((link) => !kept.includes(link)).map((link) => `footer: ${link.name}`);
    }),
  ];
  if (goneLinks.length > 0) {
    change.navbar = { pages: navigation.navbar.pages };
    change.footer = { links: navigation.footer.links, sections: navigation.footer.sections };
    said.push(`Links to what goes: ${goneLinks.join(", ")}`);
  }
  if (before.footer.copyright === demo.footer.copyright) change.footer = { ...change.footer, copyright: name };
  if (demoName) await tx.update(stores).set({ name }).where(eq(stores.id, actor.storeId));
  if (Object.keys(change).length > 0) await changeStoreSettings(tx, actor, change, "demo.remove");
  return said;
}

