import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, describe, expect, it } from "vitest";
import type { CartResponse } from "../../core/schemas/cart";
import { TEST_IMAGES_DIR, usingPostgres } from "../../tests/support/database";
import { createApp } from "../app";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { DEMO, seedDemoStore } from "../db/seed";
import { createDeps } from "../deps";

const noPages = (async () => {
  throw new Error("pages are not rendered here");
}) as unknown as () => Promise<ServerBuild>;

/** The shop as a fresh process would start it over the data folder. */
async function start(dataDir: string) {
  const database = await openDatabase(dataDir);
  await database.migrate();
  const config = loadConfig({ NODE_ENV: "test", STORE_ID: DEMO.storeId });
  return { database, app: createApp(createDeps(database, config, TEST_IMAGES_DIR), { build: noPages }) };
}

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

// The embedded database is the one whose files must carry the cart across a restart; PostgreSQL keeps it anyway.
describe.skipIf(usingPostgres())("a cart across a server restart", () => {
  it("is still there for the same cookie after the process starts again over the same data", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "storefront-cart-restart-"));
    folders.push(dataDir);
    const first = await start(dataDir);
    await seedDemoStore(first.database.db, { storeId: DEMO.storeId, imagesDir: TEST_IMAGES_DIR });
    const saved = await first.app.request("http://localhost/api/cart-items", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        cartItems: [{ kind: "product", sku: DEMO.subscriptions.houseBlend.sku, quantity: 3 }],
        discount_code: "SAVE15",
      }),
    });
    expect(saved.status).toBe(200);
    const cookie = (saved.headers.get("set-cookie") ?? "").split(";")[0];
    await first.database.close();

    const second = await start(dataDir);
    try {
      const loaded = await second.app.request("http://localhost/api/cart-items", { headers: { cookie } });
      const body = (await loaded.json()) as CartResponse;
      expect(body.cartItems).toMatchObject([{ sku: DEMO.subscriptions.houseBlend.sku, quantity: 3 }]);
      expect(body.discount?.code).toBe("SAVE15");
      expect(body.notices).toEqual([]);
    } finally {
      await second.database.close();
    }
  });
});
