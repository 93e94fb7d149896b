import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOW_STOCK_THRESHOLD } from "../../core/stock-band";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import { readContentVersions } from "./content-version";
import { DEMO } from "./seed";
import { discounts, variants } from "./schema";

let database: TestDatabase;
const SKU = DEMO.subscriptions.houseBlend.sku;

const ofSku = and(eq(variants.storeId, DEMO.storeId), eq(variants.sku, SKU));

/** How far the content version moved while `change` ran. */
async function versionMoveOf(change: () => Promise<unknown>) {
  const before = (await readContentVersions(database.db)).pages;
  await change();
  return (await readContentVersions(database.db)).pages - before;
}

const setStock = (stock: number) => () => database.db.update(variants).set({ stock }).where(ofSku);

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
});
afterAll(() => database.dispose());

describe("the content version and a variant's stock", () => {
  it("stays within the band above the threshold and moves when the stock enters, crosses or leaves a named count", async () => {
    await setStock(LOW_STOCK_THRESHOLD + 10)();
    expect(await versionMoveOf(setStock(LOW_STOCK_THRESHOLD + 2))).toBe(0);
    expect(await versionMoveOf(setStock(LOW_STOCK_THRESHOLD + 1))).toBe(0);
    expect(await versionMoveOf(setStock(LOW_STOCK_THRESHOLD))).toBe(1);
    expect(await versionMoveOf(setStock(LOW_STOCK_THRESHOLD - 1))).toBe(1);
    expect(await versionMoveOf(setStock(0))).toBe(1);
    expect(await versionMoveOf(setStock(LOW_STOCK_THRESHOLD + 30))).toBe(1);
  });

  it("moves when anything else of the variant changes, stock with it or not", async () => {
    await setStock(LOW_STOCK_THRESHOLD + 10)();
    expect(await versionMoveOf(() => database.db.update(variants).set({ priceCents: sql`${variants.priceCents} + 1` }).where(ofSku))).toBe(1);
    expect(
      await versionMoveOf(() =>
        database.db.update(variants).set({ stock: LOW_STOCK_THRESHOLD + 9, description: "Freshly described" }).where(ofSku),
      ),
    ).toBe(1);
  });
});

describe("the content version and a discount's redemptions", () => {
  const welcome = and(eq(discounts.storeId, DEMO.storeId), eq(discounts.isPopup, false));

  it("stays when only redemptions change and moves when the discount itself does", async () => {
    const [discount] = await database.db.select().from(discounts).where(welcome).limit(1);
    const thisOne = eq(discounts.id, discount.id);
    expect(await versionMoveOf(() => database.db.update(discounts).set({ redemptions: sql`${discounts.redemptions} + 1` }).where(thisOne))).toBe(0);
    expect(await versionMoveOf(() => database.db.update(discounts).set({ maxRedemptions: discount.maxRedemptions + 5 }).where(thisOne))).toBe(1);
  });

  it("stays for a code only one customer may redeem, which nothing cached shows, and moves for the store's own", async () => {
    const customerCode = { storeId: DEMO.storeId, code: "WELCOME-ONLYYOU", percentage: 10, restrictedToEmail: "shopper@example.com" };
    const itsRow = and(eq(discounts.storeId, DEMO.storeId), eq(discounts.code, customerCode.code));
    expect(await versionMoveOf(() => database.db.insert(discounts).values(customerCode))).toBe(0);
    expect(await versionMoveOf(() => database.db.update(discounts).set({ percentage: 15 }).where(itsRow))).toBe(0);
    expect(await versionMoveOf(() => database.db.delete(discounts).where(itsRow))).toBe(0);
    const storeCode = { storeId: DEMO.storeId, code: "AUTUMN10", percentage: 10 };
    expect(await versionMoveOf(() => database.db.insert(discounts).values(storeCode))).toBe(1);
    const storeRow = and(eq(discounts.storeId, DEMO.storeId), eq(discounts.code, storeCode.code));
    expect(await versionMoveOf(() => database.db.update(discounts).set({ restrictedToEmail: "shopper@example.com" }).where(storeRow))).toBe(1);
    expect(await versionMoveOf(() => database.db.delete(discounts).where(storeRow))).toBe(0);
  });
});
