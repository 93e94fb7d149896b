import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import { auditEvents, productImages, products, variants } from "../db/schema";
import { isRefusal } from "../../core/errors";
import { statusOf } from "../http/errors";
import { commandLineActor, type AuditActor } from "../audit/audit";
import {
  addProductPicture,
  ALT_TEXT_REQUIRED_MESSAGE,
  listProductPictures,
  movePicture,
  picturesWithoutAltText,
  removePicture,
  setVariantPicture,
  updatePicture,
} from "./product-pictures";

let database: TestDatabase;
let actor: AuditActor;
let productId: number;
let otherProductId: number;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  actor = commandLineActor(database.storeId);
  const [first, second] = await database.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.storeId, database.storeId))
    .orderBy(products.id)
    .limit(2);
  productId = first.id;
  otherProductId = second.id;
  // A draft of its own, without the seed's pictures, so positions start at 0.
  await database.db.delete(productImages).where(eq(productImages.productId, productId));
  await database.db.update(products).set({ status: "draft" }).where(eq(products.id, productId));
});
afterAll(async () => {
  await database.dispose();
});

const tx = <T>(work: (db: TestDatabase["db"]) => Promise<T>) => database.db.transaction((db) => work(db));
const order = async () => (await listProductPictures(database.db, database.storeId, productId)).map((picture) => [picture.url, picture.position]);
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (isRefusal(error) ? { status: statusOf(error), message: error.message, field: error.field } : Promise.reject(error)),
  );

describe("product pictures", () => {
  it("appends, moves and removes, numbering positions from 0 without gaps", async () => {
    for (const name of ["a", "b", "c", "d"]) await tx((db) => addProductPicture(db, actor, productId, { url: `/images/products/${name}.jpg` }));
    expect(await order()).toEqual([
      ["/images/products/a.jpg", 0],
      ["/images/products/b.jpg", 1],
      ["/images/products/c.jpg", 2],
      ["/images/products/d.jpg", 3],
    ]);
    const [a, , c, d] = await listProductPictures(database.db, database.storeId, productId);

    await tx((db) => movePicture(db, actor, d.id, 0));
    await tx((db) => movePicture(db, actor, a.id, 99));
    expect((await order()).map(([url]) => url)).toEqual(["d", "b", "c", "a"].map((name) => `/images/products/${name}.jpg`));

    expect(await tx((db) => removePicture(db, actor, c.id))).toEqual({ unusedUrl: "/images/products/c.jpg" });
    expect(await order()).toEqual([
      ["/images/products/d.jpg", 0],
      ["/images/products/b.jpg", 1],
      ["/images/products/a.jpg", 2],
    ]);
    expect((await refusal(tx((db) => removePicture(db, actor, c.id))))?.status).toBe(404);

    const moves = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "picture.move"), eq(auditEvents.entityId, String(d.id))));
    expect(moves[0].changes).toEqual({ position: { before: 3, after: 0 } });
  });

  it("keeps a file another picture still names", async () => {
    const [first] = await listProductPictures(database.db, database.storeId, productId);
    const copy = await tx((db) => addProductPicture(db, actor, productId, { url: first.url }));
    expect(await tx((db) => removePicture(db, actor, copy.id))).toEqual({ unusedUrl: null });
  });

  it("requires alt text on a published product's pictures, and counts those without for publishing", async () => {
    expect(await picturesWithoutAltText(database.db, database.storeId, productId)).toBe(3);
    await database.db.update(products).set({ status: "active" }).where(eq(products.id, productId));
    try {
      const [first] = await listProductPictures(database.db, database.storeId, productId);
      for (const attempt of [
        () => tx((db) => addProductPicture(db, actor, productId, { url: "/images/products/e.jpg", altText: "  " })),
        () => tx((db) => updatePicture(db, actor, first.id, { altText: "" })),
      ]) {
        const error = await refusal(attempt());
        expect([error?.status, error?.message, error?.field]).toEqual([400, ALT_TEXT_REQUIRED_MESSAGE, "alt_text"]);
      }
      expect((await refusal(tx((db) => updatePicture(db, actor, first.id, { altText: "beans\u0000" }))))?.field).toBe("alt_text");
      const described = await tx((db) => updatePicture(db, actor, first.id, { altText: "  A bag of beans " }));
      expect(described.altText).toBe("A bag of beans");
    } finally {
      await database.db.update(products).set({ status: "draft" }).where(eq(products.id, productId));
    }
    expect(await picturesWithoutAltText(database.db, database.storeId, productId)).toBe(2);
  });

  it("gives a variant one of its own product's pictures, or none", async () => {
    const [variant] = await database.db.select().from(variants).where(eq(variants.productId, productId)).limit(1);
    const [mine] = await listProductPictures(database.db, database.storeId, productId);
    const [theirs] = await listProductPictures(database.db, database.storeId, otherProductId);
    await tx((db) => setVariantPicture(db, actor, variant.id, mine.id));
    expect((await refusal(tx((db) => setVariantPicture(db, actor, variant.id, theirs.id))))?.message).toBe(
      "The picture must be one of the variant's product's",
    );
    expect((await refusal(tx((db) => setVariantPicture(db, actor, 999_999, null))))?.status).toBe(404);
    const [chosen] = await database.db.select({ imageId: variants.imageId }).from(variants).where(eq(variants.id, variant.id));
    expect(chosen.imageId).toBe(mine.id);
    await tx((db) => setVariantPicture(db, actor, variant.id, null));
    const [cleared] = await database.db.select({ imageId: variants.imageId }).from(variants).where(eq(variants.id, variant.id));
    expect(cleared.imageId).toBeNull();
  });

  it("gives pictures added at the same time positions of their own", async () => {
    const before = (await order()).length;
    await Promise.all(
      ["x", "y", "z", "w"].map((name) => tx((db) => addProductPicture(db, actor, productId, { url: `/images/products/${name}.jpg` }))),
    );
    expect((await order()).map(([, position]) => position)).toEqual(Array.from({ length: before + 4 }, (_, i) => i));
  });
});
