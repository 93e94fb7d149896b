/**
 * The back office's collections: create, change and delete, each in one transaction with its audit event (a caller's
 * transaction becomes a savepoint of it). A collection's products and bundles keep the owner's order (the shop lists
 * them by position, catalog/collections.ts). The home page's featured carousel shows the one featured collection,
 * and the navigation bar's category links are links to collections in the store settings (navbar.pages with the
 * collection's handle as query): the editor sets both from here, so the owner picks them among the collections.
 */
import { and, asc, count, eq, inArray, ne } from "drizzle-orm";
import { ALL_PRODUCTS_HANDLE, type CollectionInput } from "../../core/schemas/admin-merchandising";
import type { NavbarLink, StoreSettings } from "../../core/schemas/store-settings";
import type { Database } from "../db/client";
import { removingWithLinks, type LinksChoice } from "./navigation";
import { bundles, collectionBundles, collectionProducts, collections, products } from "../db/schema";
import { recordAudit, type AuditActor } from "../audit/audit";
import { changeStoreSettings, getStoreSettings, lockStoreSettings } from "../store/settings";
import { badInput, conflict, ruleBroken } from "../../core/errors";
import { storeRow } from "../db/store-rows";
import { assertFree, whenTaken } from "../db/unique-violation";

export const COLLECTION_NOT_FOUND = "No collection with this id in this store";
const HANDLE_TAKEN = "Another collection has this handle";

export type CollectionSummary = {
  id: number;
  handle: string;
  title: string;
  featured: boolean;
  inNavigation: boolean;
  productCount: number;
  bundleCount: number;
};

export type CollectionRecord = {
  id: number;
  handle: string;
  title: string;
  featured: boolean;
  inNavigation: boolean;
  /** In the shop's order. */
  products: { id: number; handle: string; title: string; status: string }[];
  bundles: { id: number; handle: string; title: string }[];
};

/** The navigation's link to the collection: a collection search for its handle (the spec's default type). */
const isLinkTo = (handle: string) => (link: NavbarLink) => link.query === handle && (link.type ?? "collection-search") === "collection-search";
/** A footer link to the collection, as the footer's category section writes it. */
const footerRouteOf = (handle: string) => `/search?${new URLSearchParams({ query: handle, type: "collection-search" })}`;

export async function listCollections(db: Database, storeId: string): Promise<CollectionSummary[]> {
  const [rows, productCounts, bundleCounts, settings] = await Promise.all([
    db.select().from(collections).where(eq(collections.storeId, storeId)).orderBy(asc(collections.title), asc(collections.id)),
    db
      .select({ id: collectionProducts.collectionId, n: count() })
      .from(collectionProducts)
      .where(eq(collectionProducts.storeId, storeId))
      .groupBy(collectionProducts.collectionId),
    db
      .select({ id: collectionBundles.collectionId, n: count() })
      .from(collectionBundles)
      .where(eq(collectionBundles.storeId, storeId))
      .groupBy(collectionBundles.collectionId),
    getStoreSettings(db, storeId),
  ]);
  const countOf = (counts: { id: number; n: number }[], id: number) => counts.find((entry) => entry.id === id)?.n ?? 0;
  return rows.map((row) => ({
    id: row.id,
    handle: row.handle,
    title: row.title,
    featured: row.featured,
    inNavigation: settings.navbar.pages.some(isLinkTo(row.handle)),
    productCount: countOf(productCounts, row.id),
    bundleCount: countOf(bundleCounts, row.id),
  }));
}

export async function getCollectionRecord(db: Database, storeId: string, id: number): Promise<CollectionRecord> {
  const row = await storeRow(db, collections, storeId, id, COLLECTION_NOT_FOUND);
  const [members, bundleMembers, settings] = await Promise.all([
    db
      .select({ id: products.id, handle: products.handle, title: products.title, status: products.status })
      .from(collectionProducts)
      .innerJoin(products, eq(products.id, collectionProducts.productId))
      .where(eq(collectionProducts.collectionId, id))
      .orderBy(asc(collectionProducts.position), asc(collectionProducts.productId)),
    db
      .select({ id: bundles.id, handle: bundles.handle, title: bundles.title })
      .from(collectionBundles)
      .innerJoin(bundles, eq(bundles.id, collectionBundles.bundleId))
      .where(eq(collectionBundles.collectionId, id))
      .orderBy(asc(collectionBundles.position), asc(collectionBundles.bundleId)),
    getStoreSettings(db, storeId),
  ]);
  return {
    id: row.id,
    handle: row.handle,
    title: row.title,
    featured: row.featured,
    inNavigation: settings.navbar.pages.some(isLinkTo(row.handle)),
    products: members,
    bundles: bundleMembers,
  };
}

/** What an owner sets on a collection besides its members, as the input names it. */
const settingsOf = (collection: CollectionRecord) => ({
  handle: collection.handle,
  title: collection.title,
  featured: collection.featured,
  in_navigation: collection.inNavigation,
});

/** What the audit trail keeps: members by handle. */
function audited(collection: CollectionRecord) {
  return {
    ...settingsOf(collection),
    products: collection.products.map((product) => product.handle),
    bundles: collection.bundles.map((bundle) => bundle.handle),
  };
}

/** A collection as the input that would save it unchanged: the start of a form, or of a change to part of it. */
export function collectionInputOf(collection: CollectionRecord): CollectionInput {
  return {
    ...settingsOf(collection),
    product_ids: collection.products.map((product) => product.id),
    bundle_ids: collection.bundles.map((bundle) => bundle.id),
  };
}

async function assertMembersExist(db: Database, storeId: string, input: CollectionInput): Promise<void> {
  const [knownProducts, knownBundles] = await Promise.all([
    input.product_ids.length
      ? db
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.storeId, storeId), inArray(products.id, input.product_ids)))
      : [],
    input.bundle_ids.length
      ? db
          .select({ id: bundles.id })
          .from(bundles)
          .where(and(eq(bundles.storeId, storeId), inArray(bundles.id, input.bundle_ids)))
      : [],
  ]);
  input.product_ids.forEach((id, index) => {
    if (!knownProducts.some((row) => row.id === id)) throw badInput("No product with this id in this store", `product_ids.${index}`);
  });
  input.bundle_ids.forEach((id, index) => {
    if (!knownBundles.some((row) => row.id === id)) throw badInput("No bundle with this id in this store", `bundle_ids.${index}`);
  });
}

const handleTaken = () => conflict(HANDLE_TAKEN, "handle");
const assertHandleFree = (db: Database, storeId: string, handle: string, exceptId?: number) =>
  assertFree(db, collections, storeId, eq(collections.handle, handle), exceptId, handleTaken);
const refuseTakenHandle = whenTaken("collections_store_handle_uq", handleTaken);

async function writeMembers(tx: Database, storeId: string, collectionId: number, input: CollectionInput): Promise<void> {
  await tx.delete(collectionProducts).where(eq(collectionProducts.collectionId, collectionId));
  await tx.delete(collectionBundles).where(eq(collectionBundles.collectionId, collectionId));
  if (input.product_ids.length) {
    await tx.insert(collectionProducts).values(input.product_ids.map((productId, position) => ({ collectionId, productId, storeId, position })));
  }
  if (input.bundle_ids.length) {
    await tx.insert(collectionBundles).values(input.bundle_ids.map((bundleId, position) => ({ collectionId, bundleId, storeId, position })));
  }
}


/** One featured collection at a time: the home page shows one. */
async function featureOnly(tx: Database, storeId: string, collectionId: number): Promise<void> {
  await tx
    .update(collections)
    .set({ featured: false })
    .where(and(eq(collections.storeId, storeId), eq(collections.featured, true), ne(collections.id, collectionId)));
}

/**
 * The navigation's and footer's links to a collection follow it: a link is added or removed as `in_navigation`
 * asks, renamed with the collection (unless the owner gave it a name of its own) and pointed at its new handle,
 * through the settings' one writer. Deleting it asks what becomes of them (deleteCollection).
 */
async function followInLinks(
  tx: Database,
  actor: AuditActor,
  settings: StoreSettings,
  was: { handle: string; title: string } | null,
  now: { handle: string; title: string; inNavigation: boolean },
): Promise<void> {
  const oldHandle = was?.handle ?? now.handle;
  const pages: NavbarLink[] = [];
  let linked = false;
  for (const link of settings.navbar.pages) {
    if (!isLinkTo(oldHandle)(link)) pages.push(link);
    else if (now.inNavigation && !linked) {
      linked = true;
      pages.push({ ...link, query: now.handle, name: link.name === was?.title ? now.title : link.name });
    }
  }
  if (now.inNavigation && !linked) pages.push({ name: now.title, route: "/search", query: now.handle, type: "collection-search" });
  const oldRoute = footerRouteOf(oldHandle);
  const sections = settings.footer.sections.map((section) => ({
    ...section,
    links: section.links.map((link) => (link.route !== oldRoute ? link : { ...link, route: footerRouteOf(now.handle) })),
  }));
  await changeStoreSettings(tx, actor, { navbar: { pages }, footer: { sections } });
}

export async function createCollection(db: Database, actor: AuditActor, input: CollectionInput): Promise<CollectionRecord> {
  const { storeId } = actor;
  return db
    .transaction(async (tx) => {
      // Every collection write locks the settings row first (its links live there): writes taken one at a time cannot
      // deadlock unmarking each other's featured flag.
      const settings = await lockStoreSettings(tx, storeId);
      await assertHandleFree(tx, storeId, input.handle);
      await assertMembersExist(tx, storeId, input);
      const [row] = await tx
        .insert(collections)
        .values({ storeId, handle: input.handle, title: input.title, featured: input.featured })
        .returning({ id: collections.id });
      if (input.featured) await featureOnly(tx, storeId, row.id);
      await writeMembers(tx, storeId, row.id, input);
      await followInLinks(tx, actor, settings, null, { handle: input.handle, title: input.title, inNavigation: input.in_navigation });
      const created = await getCollectionRecord(tx, storeId, row.id);
      await recordAudit(tx, actor, { action: "collection.create", entity: "collection", entityId: row.id, before: null, after: audited(created) });
      return created;
    })
    .catch(refuseTakenHandle);
}

export async function updateCollection(db: Database, actor: AuditActor, id: number, input: CollectionInput): Promise<CollectionRecord> {
  const { storeId } = actor;
  return db
    .transaction(async (tx) => {
      const settings = await lockStoreSettings(tx, storeId);
      const before = await getCollectionRecord(tx, storeId, id);
      if (before.handle === ALL_PRODUCTS_HANDLE && input.handle !== ALL_PRODUCTS_HANDLE) {
        throw ruleBroken(`The shop lists ${ALL_PRODUCTS_HANDLE} as All Products; its handle stays`, "handle");
      }
      await assertHandleFree(tx, storeId, input.handle, id);
      await assertMembersExist(tx, storeId, input);
      await tx
        .update(collections)
        .set({ handle: input.handle, title: input.title, featured: input.featured })
        .where(and(eq(collections.storeId, storeId), eq(collections.id, id)));
      if (input.featured) await featureOnly(tx, storeId, id);
      await writeMembers(tx, storeId, id, input);
      await followInLinks(tx, actor, settings, before, { handle: input.handle, title: input.title, inNavigation: input.in_navigation });
      const after = await getCollectionRecord(tx, storeId, id);
      await recordAudit(tx, actor, { action: "collection.update", entity: "collection", entityId: id, before: audited(before), after: audited(after) });
      return after;
    })
    .catch(refuseTakenHandle);
}

/** Its links in the menu and footer go or stay as `links` says (removingWithLinks), so none is left to an empty page unasked. */
export async function deleteCollection(db: Database, actor: AuditActor, id: number, links?: LinksChoice): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getCollectionRecord(tx, actor.storeId, id);
    if (before.handle === ALL_PRODUCTS_HANDLE) throw ruleBroken(`The shop lists ${ALL_PRODUCTS_HANDLE} as All Products; it cannot be deleted`);
    await removingWithLinks(tx, actor, links, () => tx.delete(collections).where(and(eq(collections.storeId, actor.storeId), eq(collections.id, id))));
    await recordAudit(tx, actor, { action: "collection.delete", entity: "collection", entityId: id, before: audited(before), after: null });
  });
}
