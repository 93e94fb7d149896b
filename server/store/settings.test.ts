import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import { readContentVersions } from "../db/content-version";
import { auditEvents, storeSettings } from "../db/schema";
import { isRefusal } from "../../core/errors";
import { statusOf } from "../http/errors";
import { logger } from "../logger";
import { commandLineActor, type AuditActor } from "../audit/audit";
import { changeStoreSettings, checkStoreSettingsAtStart, DEFAULT_STORE_SETTINGS, getStoreSettings } from "./settings";

let database: TestDatabase;
let actor: AuditActor;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  actor = commandLineActor(database.storeId);
});
afterAll(async () => {
  await database.dispose();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const read = () => getStoreSettings(database.db, database.storeId);
const stored = async () => {
  const [row] = await database.db.select().from(storeSettings).where(eq(storeSettings.storeId, database.storeId));
  return row;
};
const settingsEvents = () =>
  database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.storeId, database.storeId), eq(auditEvents.entity, "store_settings")))
    .orderBy(auditEvents.id);
/** A hand edit in the database, as an owner with psql would make it. */
const handEdit = (path: string[], value: unknown) =>
  database.db.execute(
    sql`update store_settings set settings = jsonb_set(settings, ${`{${path.join(",")}}`}::text[], ${JSON.stringify(value)}::jsonb) where store_id = ${database.storeId}`,
  );
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (isRefusal(error) ? { status: statusOf(error), message: error.message, field: error.field } : Promise.reject(error)),
  );

describe("changeStoreSettings", () => {
  it("merges a change onto the settings, audits only the settings it changed and moves the content version", async () => {
    const versionBefore = (await readContentVersions(database.db)).pages;
    const before = await read();
    const after = await changeStoreSettings(database.db, actor, { callout: { text: "Roasted this morning" }, styles: { colors: { primary: "#0B3D36" } } });
    expect(after.callout).toEqual({ ...before.callout, text: "Roasted this morning" });
    expect(after.styles.colors).toEqual({ ...before.styles.colors, primary: "#0B3D36" });
    expect(await read()).toEqual(after);
    expect((await readContentVersions(database.db)).pages).toBeGreaterThan(versionBefore);
    const [event] = (await settingsEvents()).slice(-1);
    expect(event).toMatchObject({ action: "store_settings.update", entityId: database.storeId, actorLabel: "command line" });
    expect(event.changes).toEqual({
      "callout.text": { before: before.callout.text, after: "Roasted this morning" },
      "styles.colors.primary": { before: before.styles.colors.primary, after: "#0B3D36" },
    });
  });

  it("replaces lists whole and records nothing for a change that changes nothing", async () => {
    const links = [{ name: "Shop", route: "/shop" }];
    expect((await changeStoreSettings(database.db, actor, { footer: { links } })).footer.links).toEqual(links);
    const events = (await settingsEvents()).length;
    await changeStoreSettings(database.db, actor, { footer: { links } });
    expect((await settingsEvents()).length).toBe(events);
  });

  it("refuses a value the shop could not read as a 400 naming the setting, and stores nothing", async () => {
    const before = await stored();
    const events = (await settingsEvents()).length;
    expect(await refusal(changeStoreSettings(database.db, actor, { callout: { backgroundColor: "brown" } }))).toEqual({
      status: 400,
      message: "callout.backgroundColor: must be a hex colour such as #1f2937",
      field: "callout.backgroundColor",
    });
    expect(await refusal(changeStoreSettings(database.db, actor, { checkout: { minimumOrderCents: -1 } }))).toMatchObject({
      status: 400,
      field: "checkout.minimumOrderCents",
    });
    expect(await stored()).toEqual(before);
    expect((await settingsEvents()).length).toBe(events);
  });

  it("refuses a colour pair below 4.5:1 with the measured ratio, naming the colour that changed", async () => {
    const before = await stored();
    expect(await refusal(changeStoreSettings(database.db, actor, { callout: { textColor: "#B0B0B0", backgroundColor: "#FFFFFF" } }))).toEqual({
      status: 400,
      message: "Contrast 2.1:1 is below 4.5:1 for the callout's text; choose a darker or lighter colour",
      field: "callout.textColor",
    });
    expect(await refusal(changeStoreSettings(database.db, actor, { styles: { colors: { card: "#3A3A3A" } } }))).toMatchObject({
      status: 400,
      field: "styles.colors.card",
      message: expect.stringMatching(/^Contrast 1\.\d:1 is below 4\.5:1 for text on cards/),
    });
    expect(await stored()).toEqual(before);
  });
});

describe("getStoreSettings", () => {
  it("serves a setting broken by hand from the last good document and logs the setting by name", async () => {
    const good = await read();
    const warn = vi.spyOn(logger, "warn");
    await handEdit(["callout", "backgroundColor"], "brwn");
    const settings = await read();
    expect(settings.callout.backgroundColor).toBe(good.callout.backgroundColor);
    expect(settings.callout.text).toBe(good.callout.text);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ setting: "callout.backgroundColor", using: "last good value" }),
      expect.stringContaining("store setting callout.backgroundColor cannot be read"),
    );
  });

  it("keeps the other hand-edited settings that read, and a write through the editor heals the broken one", async () => {
    await handEdit(["callout", "text"], "Edited by hand");
    expect((await read()).callout.text).toBe("Edited by hand");
    const healed = await changeStoreSettings(database.db, actor, { callout: { backgroundColor: "#5A3418" } });
    expect(healed.callout).toMatchObject({ text: "Edited by hand", backgroundColor: "#5A3418" });
    expect((await stored()).settings).toEqual(healed);
  });

  it("falls back to the default for a setting when the last good document cannot be read either", async () => {
    await database.db.execute(sql`update store_settings set last_good = '{"websiteTitle": ""}'::jsonb where store_id = ${database.storeId}`);
    await handEdit(["styles", "buttons", "primary"], { backgroundColor: "#1D4E47" });
    await handEdit(["navbar", "pages"], [{ name: "Shop", route: "shop" }]);
    const warn = vi.spyOn(logger, "warn");
    const settings = await read();
    expect(settings.styles.buttons.primary).toEqual(DEFAULT_STORE_SETTINGS.styles.buttons.primary);
    expect(settings.navbar.pages).toEqual(DEFAULT_STORE_SETTINGS.navbar.pages);
    const named = warn.mock.calls.map(([fields]) => (fields as { setting: string; using: string }));
    expect(named).toEqual([
      expect.objectContaining({ setting: "styles.buttons.primary.textColor", using: "default" }),
      expect.objectContaining({ setting: "navbar.pages", using: "default" }),
    ]);
  });

  it("serves the defaults when the document is not an object at all", async () => {
    await database.db.execute(sql`update store_settings set settings = '"gone"'::jsonb, last_good = null where store_id = ${database.storeId}`);
    expect(await read()).toEqual(DEFAULT_STORE_SETTINGS);
  });

  it("keeps a document that reads as the last good one at start, and a read writes nothing", async () => {
    await database.db.update(storeSettings).set({ settings: DEFAULT_STORE_SETTINGS, lastGood: null }).where(eq(storeSettings.storeId, database.storeId));
    const version = (await readContentVersions(database.db)).pages;
    await read();
    expect((await stored()).lastGood).toBeNull();
    expect((await readContentVersions(database.db)).pages).toBe(version);
    await checkStoreSettingsAtStart(database.db, database.storeId);
    expect((await stored()).lastGood).toEqual(DEFAULT_STORE_SETTINGS);
  });
});
