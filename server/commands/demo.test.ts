/** `npm run shop -- demo show | remove` over a seeded shop: the preview, the removal by the command line, then nothing. */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import { auditEvents } from "../db/schema";
import { localImageStorage } from "../images/storage";
import { demoCommand } from "./demo";
import { CommandUsageError } from "./usage-error";

let database: TestDatabase;
let picturesDir: string;
const deps = () => ({ db: database.db, imageStorage: localImageStorage(picturesDir) });

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  picturesDir = await mkdtemp(path.join(os.tmpdir(), "storefront-demo-command-"));
});
afterAll(async () => {
  await database.dispose();
  await rm(picturesDir, { recursive: true, force: true });
});

it("shows what goes, removes it as the command line, then finds nothing left", async () => {
  const shown = await demoCommand(deps(), database.storeId, ["show"]);
  expect(shown).toMatch(/^Removing the demo content would take:\nProducts \(18\): Tidewater House Blend, /);
  expect(shown).toContain("Discount codes (5): SAVE15, TENOFF, FREESHIP, SOLDOUT, WELCOME-TEMPLATE");
  const removed = await demoCommand(deps(), database.storeId, ["remove"]);
  expect(removed).toMatch(/^Removed the demo content:\nProducts \(18\)/);
  const [event] = await database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "demo.remove"), eq(auditEvents.entity, "store")));
  expect(event).toMatchObject({ actorKind: "command", actorLabel: "command line", entity: "store" });
  expect(await demoCommand(deps(), database.storeId, ["show"])).toBe("The shop has no demo content left.");
  expect(await demoCommand(deps(), database.storeId, ["remove"])).toBe("The shop has no demo content left.");
  await expect(demoCommand(deps(), database.storeId, ["purge"])).rejects.toBeInstanceOf(CommandUsageError);
});
