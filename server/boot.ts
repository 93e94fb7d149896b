/**
 * Brings the shop up: validated configuration, the database (migrated, and seeded with the demo shop the first
 * time only), then the HTTP application. Shared by production start, development and the end-to-end tests.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { createApp, type AppOptions } from "./app";
import { commandSocketPath, listenForOwnerCommands } from "./commands/command-socket";
import type { Config } from "./config";
import { openConfiguredDatabase, type Database } from "./db/client";
import { createDeps } from "./deps";
import { copyImagesIntoStorage } from "./images/copy-images";
import { imageStorageFor, type ImageStorage } from "./images/storage";
import { isStoreSeeded, seedDemoStore, StoreAlreadyExistsError } from "./db/seed";
import { startShopJobs } from "./shop-jobs";
import { logger } from "./logger";
import { ensureSetupLink } from "./staff/setup-link";
import { recordPublicUrl } from "./store/public-url";
import { checkStoreSettingsAtStart } from "./store/settings";

export async function bootShop(config: Config, build: AppOptions["build"] | ServerBuild, clientDir?: string) {
  const dataDir = path.resolve(config.DATA_DIR);
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  const imagesDir = path.join(dataDir, "images");
  // The pictures' folder is served from the first request on, before any picture is drawn or uploaded into it.
  await mkdir(imagesDir, { recursive: true });
  const imageStorage = await imageStorageFor(config, imagesDir);
  if (!(await isStoreSeeded(database.db, config.STORE_ID))) await seedFirstStart(database.db, config.STORE_ID, imagesDir, imageStorage);
  // PGlite runs no autovacuum, so without this its planner would never have statistics (PostgreSQL keeps its own).
  if (database.kind === "pglite") await database.db.execute(sql`analyze`);
  await checkStoreSettingsAtStart(database.db, config.STORE_ID);
  await recordPublicUrl(database.db, config);
  const deps = createDeps(database, config, imagesDir, imageStorage);
  // The sweep of pending orders, mail retries, analytics retention and imports: once across instances (decision 0033).
  const jobs = await startShopJobs(deps);
  deps.jobs = jobs;
  const app = createApp(deps, { build, clientDir });
  // The embedded database allows this process alone, so the owner's commands are handed to it (decision 0027).
  const stopOwnerCommands =
    database.kind === "pglite" ? await listenForOwnerCommands(deps, config.STORE_ID, commandSocketPath(dataDir)) : async () => {};
  // Printed, not logged: whoever starts a new shop must see it whatever the log level.
  const setupLink = await ensureSetupLink(deps);
  if (setupLink) console.log(`No staff account yet. Create the owner's account within 24 hours at:\n  ${setupLink}`);
  return { app, deps, database, stopOwnerCommands, jobs };
}

/**
 * The demo shop for a new database. Instances started together on one new PostgreSQL database each find it empty;
 * the store's row decides which one seeds (seedDemoStore), and the others go on with the shop it made.
 */
async function seedFirstStart(db: Database, storeId: string, imagesDir: string, imageStorage: ImageStorage) {
  // Debug, not info: a first start prints only what its owner can act on (the address and the setup link), and the
  // setup page may yet start the shop empty.
  logger.debug({ storeId }, "seeding the demo shop");
  try {
    await seedDemoStore(db, { storeId, imagesDir });
  } catch (error) {
    if (!(error instanceof StoreAlreadyExistsError)) throw error;
    logger.debug({ storeId }, "another instance seeded the demo shop");
    return;
  }
  // Drawn into the folder; with a bucket, copied there too, so the other instances show them.
  await copyImagesIntoStorage(imagesDir, imageStorage);
}
