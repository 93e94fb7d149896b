/**
 * A database of its own for each test file: in-memory PGlite by default, or a PostgreSQL database created and dropped
 * around the file when TEST_DB=postgres (with TEST_DATABASE_URL naming the server). Each is a copy of a database the
 * run made once (tests/support/database-templates.ts, Vitest's global setup for the integration tests).
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, openPgliteFromTarball, type DatabaseHandle } from "../../server/db/client";
import { seedDemoStore } from "../../server/db/seed";
import { taxRates } from "../../server/db/schema";
import type { Database } from "../../server/db/client";

export type TestDatabase = DatabaseHandle & {
  imagesDir: string;
  storeId: string;
  /** Where another process can open the same database (PostgreSQL only; in-memory PGlite is this process's). */
  url: string | null;
  dispose(): Promise<void>;
};

/** Seed images are the same for every run; one shared folder keeps seeding fast. */
export const TEST_IMAGES_DIR = path.join(os.tmpdir(), "storefront-test-images");

/** The store the seeded template holds; a file that seeds another store seeds it on a copy of the migrated one. */
export const DEMO_STORE_ID = "demo";

/**
 * The tests' shop: the demo, whose owner has said they collect sales tax in California (7.25 %, shipping not taxed),
 * the state of the tests' shipping address (tests/support/checkout.ts). A new shop collects nowhere (decision 0060);
 * a test about another state gives that state's rate itself.
 */
export async function seedTestShop(db: Database, storeId: string) {
  await seedDemoStore(db, { storeId, imagesDir: TEST_IMAGES_DIR });
  await db.insert(taxRates).values({ storeId, country: "US", region: "CA", rateBasisPoints: 725, taxesShipping: false });
}

export const usingPostgres = () => process.env.TEST_DB === "postgres";

/** This worker's copy of each PGlite template, read once. */
const tarballs = new Map<string, Blob>();
const tarball = (file: string) => {
  let blob = tarballs.get(file);
  if (!blob) tarballs.set(file, (blob = new Blob([readFileSync(file)])));
  return blob;
};

/** The databases a test file opened and has not disposed of yet (tests/support/file-cleanup.ts ends them). */
const open = new Set<TestDatabase>();

export async function disposeLeftoverDatabases() {
  await Promise.all([...open].map((database) => database.dispose()));
}

export async function createTestDatabase(options: { seed?: boolean; storeId?: string } = {}): Promise<TestDatabase> {
  const storeId = options.storeId ?? DEMO_STORE_ID;
  const templates = inject("databaseTemplates");
  const fromSeeded = options.seed === true && storeId === DEMO_STORE_ID;
  const template = fromSeeded ? templates.seeded : templates.migrated;
  let handle: DatabaseHandle;
  let dropDatabase = async () => {};
  let databaseUrl: string | null = null;
  if (usingPostgres()) {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
    const name = `storefront_test_${randomBytes(6).toString("hex")}`;
    await withClient(serverUrl, async (client) => {
      await client.query(`create database ${name} template ${template}`);
      // A test's data is thrown away: commits need not wait for the disk, which is most of a test's time on PostgreSQL.
      await client.query(`alter database ${name} set synchronous_commit = off`);
    });
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    handle = await openDatabase(databaseUrl);
    dropDatabase = () => withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  } else {
    handle = await openPgliteFromTarball("memory://", tarball(template));
  }
  if (options.seed && !fromSeeded) await seedTestShop(handle.db, storeId);
  // Tests may close the database on purpose (to see the shop cope); closing is then idempotent.
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  const database: TestDatabase = {
    ...handle,
    close,
    imagesDir: TEST_IMAGES_DIR,
    storeId,
    url: databaseUrl,
    async dispose() {
      open.delete(database);
      await close();
      await dropDatabase();
    },
  };
  open.add(database);
  return database;
}

/** Runs `work` on a connection of its own to `url`, closed whatever happens. */
export async function withClient(url: string, work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
