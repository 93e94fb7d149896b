/**
 * The store's settings: one JSON document (core/schemas/store-settings.ts), read by every shop page and changed
 * only through changeStoreSettings. The shop must keep serving whatever the document holds: a value the schema
 * cannot read (a document from an older version, a hand edit in the database) is replaced, field by field, by the
 * last good value the store had, or by the default, and the log names the setting.
 */
import { eq, sql } from "drizzle-orm";
import { isDeepStrictEqual } from "node:util";
import type { z } from "zod";
import { contrastProblem } from "../../core/contrast";
import { storeSettingsSchema, type StoreSettings } from "../../core/schemas/store-settings";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { storeSettings, stores } from "../db/schema";
import { demoSettings } from "../db/seed-content";
import { imageUrl } from "../db/seed-images";
import { logger } from "../logger";
import { recordAudit, type AuditActor } from "../audit/audit";
import { badInput, notFound } from "../../core/errors";

/** What a setting falls back to when neither it nor the last good document can be read: the demo shop's. */
export const DEFAULT_STORE_SETTINGS: StoreSettings = storeSettingsSchema.parse(demoSettings(imageUrl));

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The setting an issue is about, as a path into the document: up to its first list index, since a list (navigation
 * links, footer sections) is only good or bad as a whole; a link taken from another list would not fit this one.
 */
function settingPath(issue: z.core.$ZodIssue): string[] {
  const path: string[] = [];
  for (const key of issue.path) {
    if (typeof key !== "string") break;
    path.push(key);
  }
  return path;
}

function valueAt(document: unknown, path: string[]): unknown {
  let value = document;
  for (const key of path) value = isObject(value) ? value[key] : undefined;
  return value;
}

/** `document` with the value at `path` put there (or removed, for undefined), making the objects on the way. */
function withValueAt(document: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path;
  const copy: Json = isObject(document) ? { ...document } : {};
  const next = withValueAt(copy[key], rest, value);
  if (next === undefined) delete copy[key];
  else copy[key] = next;
  return copy;
}

type Fallback = { path: string; from: "last good value" | "default"; problem: string };

/**
 * The stored document made readable: each setting the schema refuses takes the last good document's value (when that
 * document reads) or the default's. A few passes at most: fixing a setting cannot make another one wrong, but a
 * replaced section may reveal issues the first parse stopped before.
 */
function readableSettings(stored: unknown, lastGood: unknown): { settings: StoreSettings; fallbacks: Fallback[] } {
  const goodBefore = storeSettingsSchema.safeParse(lastGood);
  const source = goodBefore.success
    ? { document: goodBefore.data, from: "last good value" as const }
    : { document: DEFAULT_STORE_SETTINGS, from: "default" as const };
  const fallbacks: Fallback[] = [];
  let document = stored;
  for (let pass = 0; pass < 5; pass++) {
    const parsed = storeSettingsSchema.safeParse(document);
    if (parsed.success) return { settings: parsed.data, fallbacks };
    for (const issue of parsed.error.issues) {
      const path = settingPath(issue);
      document = withValueAt(document, path, valueAt(source.document, path));
      fallbacks.push({ path: path.join(".") || "(the whole document)", from: source.from, problem: issue.message });
    }
  }
  fallbacks.push({ path: "(the whole document)", from: source.from, problem: "still unreadable after repair" });
  return { settings: source.document, fallbacks };
}

/**
 * The store's settings as the shop shows them: never refused. A setting the schema cannot read is served from the
 * last good document (or the default) and logged by name. A read writes nothing: a write here would move the content
 * version (the settings row's trigger) and empty every page cache.
 */
/**
 * Where the shop reads its mail: customers' messages and the alerts of new orders and returns go to the store's
 * contact email, or to the address the shop was started with (SHOP_OWNER_EMAIL) while none is set.
 */
export const shopContactAddress = (settings: Pick<StoreSettings, "contactEmail">, config: Pick<Config, "SHOP_OWNER_EMAIL">) =>
  settings.contactEmail ?? config.SHOP_OWNER_EMAIL;

export async function getStoreSettings(db: Database, storeId: string): Promise<StoreSettings> {
  return (await readStoreSettings(db, storeId)).settings;
}

async function readStoreSettings(db: Database, storeId: string): Promise<{ settings: StoreSettings; readable: boolean; kept: boolean }> {
  const [row] = await db
    .select({ settings: storeSettings.settings, lastGood: storeSettings.lastGood })
    .from(storeSettings)
    .where(eq(storeSettings.storeId, storeId));
  if (!row) throw notFound(`Store not found: ${storeId}`);
  const parsed = storeSettingsSchema.safeParse(row.settings);
  if (parsed.success) return { settings: parsed.data, readable: true, kept: isDeepStrictEqual(row.lastGood, parsed.data) };
  const { settings, fallbacks } = readableSettings(row.settings, row.lastGood);
  for (const fallback of fallbacks) {
    logger.warn(
      { storeId, setting: fallback.path, problem: fallback.problem, using: fallback.from },
      `store setting ${fallback.path} cannot be read (${fallback.problem}); the shop uses its ${fallback.from}`,
    );
  }
  return { settings, readable: false, kept: false };
}

/** The zone every date the owner reads is printed in (decision 0061). */
export async function shopTimeZone(db: Database, storeId: string): Promise<string> {
  return (await getStoreSettings(db, storeId)).timeZone;
}

/**
 * At start: logs each setting the shop cannot read, and keeps a document that reads as the last good one (writes
 * through changeStoreSettings keep it too), so a setting broken later, by hand, falls back to it.
 */
export async function checkStoreSettingsAtStart(db: Database, storeId: string): Promise<void> {
  const { settings, readable, kept } = await readStoreSettings(db, storeId);
  if (!readable || kept) return;
  await db
    .update(storeSettings)
    .set({ lastGood: sql`settings` })
    .where(sql`${storeSettings.storeId} = ${storeId} and ${storeSettings.settings} = ${JSON.stringify(settings)}::jsonb`);
}

/** 404 for a store id this deployment does not hold, so every API answers unknown stores the same way. */
export async function assertStoreExists(db: Database, storeId: string): Promise<void> {
  const [row] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
  if (!row) throw notFound("Store not found");
}

/**
 * A change to the settings: objects merge into the current ones, anything else (a list, a value) replaces, null
 * removes (the schema then says whether the setting may be absent), undefined keeps.
 */
export type StoreSettingsChange = DeepChange<StoreSettings>;
type DeepChange<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepChange<T[K]> | null } : T;

function merged(current: unknown, change: unknown): unknown {
  if (!isObject(current) || !isObject(change)) return change;
  const result: Json = { ...current };
  for (const [key, value] of Object.entries(change)) {
    if (value === null) delete result[key];
    else if (value !== undefined) result[key] = merged(current[key], value);
  }
  return result;
}

/**
 * Pairs of text and the colour it is shown on in the shop (app/app.css, root.tsx and the components using its
 * colours); each must stay readable. Only pairs a change touches are checked, so a store whose colours predate the
 * rule can still change anything else.
 */
const TEXT_ON_BACKGROUND: { text: string; background: string; what: string }[] = [
  { text: "styles.textColor", background: "styles.backgroundColor", what: "text on the page background" },
  { text: "styles.textColor", background: "styles.colors.background", what: "text on the background colour" },
  { text: "styles.textColor", background: "styles.colors.card", what: "text on cards" },
  // Notes, the chosen purchase option and the applied discount code are text on a wash of it (bg-tertiary/50, /60).
  { text: "styles.textColor", background: "styles.colors.tertiary", what: "text on the tertiary colour" },
  { text: "styles.colors.primary", background: "styles.backgroundColor", what: "primary-coloured text on the page background" },
  { text: "styles.colors.primary", background: "styles.colors.card", what: "primary-coloured text on cards" },
  { text: "#FFFFFF", background: "styles.colors.primary", what: "white labels on the primary colour" },
  { text: "styles.colors.secondary", background: "styles.colors.card", what: "secondary-coloured text on cards" },
  { text: "#FFFFFF", background: "styles.colors.secondary", what: "white labels on the secondary colour" },
  { text: "callout.textColor", background: "callout.backgroundColor", what: "the callout's text" },
  { text: "styles.buttons.primary.textColor", background: "styles.buttons.primary.backgroundColor", what: "primary buttons' text" },
  { text: "styles.buttons.secondary.textColor", background: "styles.buttons.secondary.backgroundColor", what: "secondary buttons' text" },
];

const colourAt = (settings: StoreSettings, pathOrColour: string) =>
  pathOrColour.startsWith("#") ? pathOrColour : (valueAt(settings, pathOrColour.split(".")) as string);

/** The first unreadable pair the change made, as a 400 naming the colour that changed (the text's, if both did). */
function assertReadable(before: StoreSettings, after: StoreSettings): void {
  for (const pair of TEXT_ON_BACKGROUND) {
    const text = colourAt(after, pair.text);
    const background = colourAt(after, pair.background);
    const textChanged = text !== colourAt(before, pair.text);
    const backgroundChanged = background !== colourAt(before, pair.background);
    if (!textChanged && !backgroundChanged) continue;
    const problem = contrastProblem(text, background, pair.what);
    if (problem) throw badInput(problem, textChanged && !pair.text.startsWith("#") ? pair.text : pair.background);
  }
}

/** Each setting as a dotted path to its value, lists whole, so the audit keeps just the settings a change changed. */
function flattened(document: unknown, prefix = ""): Json {
  if (!isObject(document)) return { [prefix]: document };
  const fields: Json = {};
  for (const [key, value] of Object.entries(document)) Object.assign(fields, flattened(value, prefix ? `${prefix}.${key}` : key));
  return fields;
}

/**
 * The settings as the shop reads them, their row locked for the caller's transaction: every writer takes the lock
 * first (the collection editor before the collections it changes), so concurrent writers take turns rather than lose
 * a change or deadlock.
 */
export async function lockStoreSettings(tx: Database, storeId: string): Promise<StoreSettings> {
  const [locked] = await tx.select({ storeId: storeSettings.storeId }).from(storeSettings).where(eq(storeSettings.storeId, storeId)).for("update");
  if (!locked) throw notFound("Store not found");
  return getStoreSettings(tx, storeId);
}

/**
 * The settings `change` would make of `before`, checked by the schema the shop reads with and the contrast rule: a
 * refusal is a 400 naming the setting. What a write stores, and what a theme draft would look like if published.
 */
export function settingsChanged(before: StoreSettings, change: StoreSettingsChange): StoreSettings {
  const parsed = storeSettingsSchema.safeParse(merged(before, change));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.join(".");
    throw badInput(`${field}: ${issue.message}`, field || undefined);
  }
  assertReadable(before, parsed.data);
  return parsed.data;
}

/**
 * The one way the settings change: the change is merged onto the current document (as the shop reads it, so a write
 * also heals a setting that could not be read) and checked by the schema the shop reads with and the contrast rule.
 * A refusal is a 400 naming the setting, and nothing is stored. The write is audited with the settings it changed,
 * before and after, in its transaction; the settings row's trigger moves the content version as it commits, so every
 * page shows the change at once. Returns the settings as stored.
 */
export async function changeStoreSettings(
  db: Database,
  actor: AuditActor,
  change: StoreSettingsChange,
  action = "store_settings.update",
): Promise<StoreSettings> {
  const { storeId } = actor;
  return db.transaction(async (tx) => {
    const before = await lockStoreSettings(tx, storeId);
    const after = settingsChanged(before, change);
    if (isDeepStrictEqual(before, after)) return after;
    await tx.update(storeSettings).set({ settings: after, lastGood: after, updatedAt: new Date() }).where(eq(storeSettings.storeId, storeId));
    await recordAudit(tx, actor, { action, entity: "store_settings", entityId: storeId, before: flattened(before), after: flattened(after) });
    return after;
  });
}
