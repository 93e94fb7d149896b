import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import { auditEvents, bundles, products } from "../db/schema";
import { commandLineActor, type AuditActor } from "../audit/audit";
import { createBundle, getBundleRecord, inputOf, listBundles, updateBundle } from "./bundle-editor";
import { getBundleDetail } from "./bundles";

let database: TestDatabase;
let actor: AuditActor;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  actor = commandLineActor(database.storeId);
  const rows = await database.db
    .select({ id: products.id, handle: products.handle })
    .from(products)
    .where(and(eq(products.storeId, database.storeId), inArray(products.handle, ["harbor-mug", "ceramic-dripper"])));
  for (const row of rows) ids[row.handle] = row.id;
});
afterAll(async () => {
  await database.dispose();
});

const input = (handle: string) => ({
  handle,
  title: "Dripper and Mug",
  description: "",
  price_cents: 4200,
  is_standalone: false,
  image_urls: [],
  products: [
    { product_id: ids["ceramic-dripper"], quantity: 1, skus: ["drip-sage", "DRIP-WHITE"] },
    { product_id: ids["harbor-mug"], quantity: 3, skus: ["MUG-CHAR"] },
  ],
});

describe("bundle editor", () => {
  it("stores the SKUs as the shop spells them and answers them in the product's variant order; the shop's bundle page offers them", async () => {
    const bundle = await createBundle(database.db, actor, input("dripper-and-mug"));
    expect(bundle.skuToQuantity).toEqual({ "DRIP-SAGE": 1, "DRIP-WHITE": 1, "MUG-CHAR": 3 });
    expect(bundle.products.map((product) => [product.handle, product.skus, product.quantity])).toEqual([
      ["ceramic-dripper", ["DRIP-WHITE", "DRIP-SAGE"], 1],
      ["harbor-mug", ["MUG-CHAR"], 3],
    ]);
    // What the editor reads back saves the same bundle.
    await updateBundle(database.db, actor, bundle.id, inputOf(bundle));
    expect(await getBundleRecord(database.db, database.storeId, bundle.id)).toEqual(bundle);
    const detail = await getBundleDetail(database.db, database.storeId, "dripper-and-mug");
    expect(detail?.bundle).toMatchObject({ handles: ["ceramic-dripper", "harbor-mug"], price: "42.00" });
    expect(detail?.handle_options.map((option) => option.bundle_variations[0]?.quantity)).toEqual([1, 3]);
  });

  it("writes inside a caller's transaction: the caller's rollback takes the bundle and its audit event with it", async () => {
    const events = async () => (await database.db.select({ id: auditEvents.id }).from(auditEvents)).length;
    const before = await events();
    await expect(
      database.db.transaction(async (tx) => {
        await createBundle(tx, actor, input("rolled-back"));
        throw new Error("the caller changes its mind");
      }),
    ).rejects.toThrow("the caller changes its mind");
    expect(await database.db.select().from(bundles).where(eq(bundles.handle, "rolled-back"))).toEqual([]);
    expect(await events()).toBe(before);
  });

  it("answers 409 naming the handle when two owners create the same handle at once", async () => {
    const results = await Promise.allSettled([createBundle(database.db, actor, input("twice")), createBundle(database.db, actor, input("twice"))]);
    const refused = results.filter((result) => result.status === "rejected");
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(refused.map((result) => (result as PromiseRejectedResult).reason)).toMatchObject([{ kind: "conflict", field: "handle" }]);
    expect((await listBundles(database.db, database.storeId)).filter((bundle) => bundle.handle === "twice")).toHaveLength(1);
  });
});
