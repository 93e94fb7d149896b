/**
 * A store setting broken by hand in the database must not stop the shop from starting (`npm start` runs bootShop):
 * it starts, serves, logs the setting by name and shows the last good value.
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { noPagesBuild } from "../../tests/support/app";
import { createTestDatabase, TEST_IMAGES_DIR, usingPostgres } from "../../tests/support/database";
import { bootShop } from "../boot";
import { loadConfig } from "../config";
import { openDatabase, type Database } from "../db/client";
import { seedDemoStore } from "../db/seed";
import { logger } from "../logger";
import { checkStoreSettingsAtStart, getStoreSettings } from "./settings";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The shop as an earlier start left it (its settings kept as the last good ones), then a colour broken by hand. */
const breakCalloutColour = async (db: Database) => {
  await checkStoreSettingsAtStart(db, "demo");
  const good = await getStoreSettings(db, "demo");
  await db.execute(sql`update store_settings set settings = jsonb_set(settings, '{callout,backgroundColor}', '"brown"'::jsonb) where store_id = 'demo'`);
  return good.callout.backgroundColor;
};

/** Where the shop keeps its data when started: an embedded database in DATA_DIR, or PostgreSQL at DATABASE_URL. */
async function brokenShopEnvironment(): Promise<{ env: Record<string, string>; goodColour: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "storefront-boot-"));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  await mkdir(path.join(dataDir, "images"));
  if (usingPostgres()) {
    const database = await createTestDatabase({ seed: true });
    cleanups.push(() => database.dispose());
    return { env: { DATA_DIR: dataDir, DATABASE_URL: database.url! }, goodColour: await breakCalloutColour(database.db) };
  }
  const database = await openDatabase(path.join(dataDir, "db"));
  await database.migrate();
  await seedDemoStore(database.db, { storeId: "demo", imagesDir: TEST_IMAGES_DIR });
  const goodColour = await breakCalloutColour(database.db);
  await database.close();
  return { env: { DATA_DIR: dataDir }, goodColour };
}

describe("starting with a store setting broken by hand", () => {
  it("starts, serves and logs the setting by name, showing its last good value", async () => {
    const { env, goodColour } = await brokenShopEnvironment();
    const warn = vi.spyOn(logger, "warn");
    const shop = await bootShop(loadConfig({ NODE_ENV: "test", STORE_ID: "demo", ...env }), noPagesBuild);
    cleanups.push(async () => {
      await shop.stopOwnerCommands();
      await shop.jobs.stop();
      await shop.database.close();
    });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ storeId: "demo", setting: "callout.backgroundColor", using: "last good value" }),
      expect.stringContaining("store setting callout.backgroundColor cannot be read (must be a hex colour"),
    );
    expect((await shop.app.request("/healthz")).status).toBe(200);
    expect((await getStoreSettings(shop.database.db, "demo")).callout.backgroundColor).toBe(goodColour);
  });
});
