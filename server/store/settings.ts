import { eq } from "drizzle-orm";
import { storeSettingsSchema, type StoreSettings } from "../../core/schemas/store-settings";
import type { Database } from "../db/client";
import { storeSettings, stores } from "../db/schema";
import { HttpError } from "../http/errors";

export class InvalidStoreSettingsError extends Error {}

/** The store's settings, validated: a broken setting is reported by name rather than rendered half-way. */
export async function getStoreSettings(db: Database, storeId: string): Promise<StoreSettings> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.storeId, storeId));
  if (!row) throw new HttpError(404, `Store not found: ${storeId}`);
  const parsed = storeSettingsSchema.safeParse(row.settings);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidStoreSettingsError(`Invalid store setting ${issue.path.join(".")}: ${issue.message}`);
  }
  return parsed.data;
}

/** 404 for a store id this deployment does not hold, so every API answers unknown stores the same way. */
export async function assertStoreExists(db: Database, storeId: string): Promise<void> {
  const [row] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
  if (!row) throw new HttpError(404, "Store not found");
}
