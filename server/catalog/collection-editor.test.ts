import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import { collections, products } from "../db/schema";
import { DomainError } from "../../core/errors";
import { commandLineActor, type AuditActor } from "../audit/audit";
import { getStoreSettings } from "../store/settings";
import { createCollection, deleteCollection, getCollectionRecord, listCollections, updateCollection } from "./collection-editor";
import { getFeaturedCollection } from "./collections";

let database: TestDatabase;
let actor: AuditActor;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  actor = commandLineActor(database.storeId);
  const rows = await database.db
    .select({ id: products.id, handle: products.handle })
    .from(products)
    .where(and(eq(products.storeId, database.storeId), inArray(products.handle, ["harbor-mug", "french-press", "cone-filters"])));
  for (const row of rows) ids[row.handle] = row.id;
});
afterAll(async () => {
  await database.dispose();
});

const input = (changes: Partial<Parameters<typeof createCollection>[2]> = {}) => ({
  handle: "summer",
  title: "Summer",
  featured: false,
  in_navigation: false,
  product_ids: [],
  bundle_ids: [],
  ...changes,
});

const navigation = async () => (await getStoreSettings(database.db, database.storeId)).navbar.pages;
const footerRoutes = async () => (await getStoreSettings(database.db, database.storeId)).footer.sections.flatMap((section) => section.links.map((link) => link.route));

describe("collection editor", () => {
  it("keeps one featured collection: the home page's carousel shows the one marked last, in its order", async () => {
    const featuredBefore = (await listCollections(database.db, database.storeId)).filter((collection) => collection.featured);
    expect(featuredBefore.map((collection) => collection.handle)).toEqual(["featured"]);
    const summer = await createCollection(database.db, actor, input({ featured: true, product_ids: [ids["french-press"], ids["harbor-mug"]] }));
    const featured = await database.db.select({ handle: collections.handle }).from(collections).where(eq(collections.featured, true));
    expect(featured).toEqual([{ handle: "summer" }]);
    const home = await getFeaturedCollection(database.db, database.storeId);
    expect(home.title).toBe("Summer");
    expect(home.formattedProductData.map((product) => product.id)).toEqual(["french-press", "harbor-mug"]);
    await updateCollection(database.db, actor, summer.id, input({ featured: false, product_ids: [ids["harbor-mug"]] }));
    expect((await getFeaturedCollection(database.db, database.storeId)).formattedProductData).toEqual([]);
    await deleteCollection(database.db, actor, summer.id);
  });

  it("adds the navigation's category link, follows a new title and handle (footer links too), and removes it with the collection when asked", async () => {
    const coffee = (await listCollections(database.db, database.storeId)).find((collection) => collection.handle === "coffee")!;
    expect(coffee.inNavigation).toBe(true);
    const linksBefore = await navigation();

    const mugs = await createCollection(database.db, actor, input({ handle: "mugs", title: "Mugs", in_navigation: true }));
    expect(mugs.inNavigation).toBe(true);
    expect(await navigation()).toEqual([...linksBefore, { name: "Mugs", route: "/search", query: "mugs", type: "collection-search" }]);

    await updateCollection(database.db, actor, mugs.id, input({ handle: "cups", title: "Cups", in_navigation: true }));
    expect((await navigation()).at(-1)).toEqual({ name: "Cups", route: "/search", query: "cups", type: "collection-search" });
    await updateCollection(database.db, actor, mugs.id, input({ handle: "cups", title: "Cups", in_navigation: false }));
    expect(await navigation()).toEqual(linksBefore);

    // The demo's footer links to drinkware by its address; a new handle carries it along, deleting asks and takes it away.
    const drinkware = (await listCollections(database.db, database.storeId)).find((collection) => collection.handle === "drinkware")!;
    const record = await getCollectionRecord(database.db, database.storeId, drinkware.id);
    await updateCollection(database.db, actor, drinkware.id, {
      ...input({ handle: "mugs-and-cups", title: record.title }),
      product_ids: record.products.map((product) => product.id),
    });
    expect(await footerRoutes()).toContain("/search?query=mugs-and-cups&type=collection-search");
    expect(await footerRoutes()).not.toContain("/search?query=drinkware&type=collection-search");
    await expect(deleteCollection(database.db, actor, drinkware.id)).rejects.toMatchObject({
      kind: "conflict",
      field: "links",
      links: [expect.objectContaining({ href: "/search?query=mugs-and-cups&type=collection-search" })],
    });
    expect(await getCollectionRecord(database.db, database.storeId, drinkware.id)).toMatchObject({ handle: "mugs-and-cups" });
    await deleteCollection(database.db, actor, drinkware.id, "remove");
    expect((await footerRoutes()).filter((route) => route.includes("mugs-and-cups"))).toEqual([]);

    await deleteCollection(database.db, actor, coffee.id, "remove");
    expect((await navigation()).some((link) => link.query === "coffee")).toBe(false);
  });

  it("leaves exactly one featured collection when two are featured at once", async () => {
    const [one, two] = await Promise.all([
      createCollection(database.db, actor, input({ handle: "one" })),
      createCollection(database.db, actor, input({ handle: "two" })),
    ]);
    await Promise.all([
      updateCollection(database.db, actor, one.id, input({ handle: "one", featured: true })),
      updateCollection(database.db, actor, two.id, input({ handle: "two", featured: true })),
    ]);
    const featured = await database.db.select({ handle: collections.handle }).from(collections).where(eq(collections.featured, true));
    expect(featured).toHaveLength(1);
    expect(["one", "two"]).toContain(featured[0].handle);
  });

  it("never renames or deletes all_products, which /shop lists", async () => {
    const all = (await listCollections(database.db, database.storeId)).find((collection) => collection.handle === "all_products")!;
    await expect(deleteCollection(database.db, actor, all.id)).rejects.toMatchObject({ kind: "rule-broken" });
    await expect(updateCollection(database.db, actor, all.id, input({ handle: "everything" }))).rejects.toMatchObject({ kind: "rule-broken", field: "handle" });
    await expect(updateCollection(database.db, actor, 999_999, input())).rejects.toBeInstanceOf(DomainError);
  });
});
