/**
 * `npm run db:seed`: migrates the configured database and seeds the demo shop as STORE_ID unless it is already
 * there. `npm run db:seed -- --reset` replaces the store with a fresh demo shop. Stop the running shop first when it
 * uses the embedded database: PGlite allows one process at a time.
 */
import path from "node:path";
import { ConfigError, loadConfig } from "../server/config";
import { openConfiguredDatabase } from "../server/db/client";
import { DatabaseUnavailableError } from "../server/db/unavailable";
import { isStoreSeeded, resetStore, seedDemoStore } from "../server/db/seed";

async function main() {
  const reset = process.argv.slice(2).includes("--reset");
  const config = loadConfig();
  const dataDir = path.resolve(config.DATA_DIR);
  const imagesDir = path.join(dataDir, "images");
  const storeId = config.STORE_ID;
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    if (!reset && (await isStoreSeeded(database.db, storeId))) {
      console.log(`Store "${storeId}" is already seeded; run "npm run db:seed -- --reset" to replace it.`);
      return;
    }
    const startedAt = performance.now();
    // Reset and seed together, so a failed reseed leaves the previous shop in place.
    await database.db.transaction(async (tx) => {
      if (reset) await resetStore(tx, storeId);
      await seedDemoStore(tx, { storeId, imagesDir });
    });
    const ms = Math.round(performance.now() - startedAt);
    console.log(`Seeded the demo shop as store "${storeId}" in ${ms} ms (images in ${imagesDir}).`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseUnavailableError) console.error(error.message);
  else console.error("Seeding failed:", error);
  process.exit(1);
});
