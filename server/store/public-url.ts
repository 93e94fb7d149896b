/**
 * The running shop's public address, as the database keeps it for the owner's commands (issue 21: emailed links
 * always use the shop's PUBLIC_URL, whichever environment runs the command). A command handed to the running shop
 * uses the shop's configuration anyway; one that runs in its own process (PostgreSQL, or no shop running) reads this.
 */
import { eq } from "drizzle-orm";
import { loadConfig, type Config } from "../config";
import type { Database } from "../db/client";
import { storePublicUrls } from "../db/schema";

/** Kept at start when the shop is given its public address; a shop on localhost keeps none. */
export async function recordPublicUrl(db: Database, config: Config): Promise<void> {
  if (!config.PUBLIC_URL) return;
  await db
    .insert(storePublicUrls)
    .values({ storeId: config.STORE_ID, publicUrl: config.PUBLIC_URL })
    .onConflictDoUpdate({ target: storePublicUrls.storeId, set: { publicUrl: config.PUBLIC_URL, recordedAt: new Date() } });
}

/** The command's configuration with the shop's public address, when the shop has told the database one. */
export async function withShopPublicUrl(db: Database, config: Config, env: NodeJS.ProcessEnv = process.env): Promise<Config> {
  const [recorded] = await db
    .select({ publicUrl: storePublicUrls.publicUrl })
    .from(storePublicUrls)
    .where(eq(storePublicUrls.storeId, config.STORE_ID));
  if (!recorded || recorded.publicUrl === config.PUBLIC_URL) return config;
  return loadConfig({ ...env, PUBLIC_URL: recorded.publicUrl });
}
