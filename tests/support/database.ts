/**
 * A database of its own for each test file: in-memory PGlite by default, or a fresh PostgreSQL database created
 * and dropped around the file when TEST_DB=postgres (with TEST_DATABASE_URL naming the server).
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { seedDemoStore } from "../../server/db/seed";

export type TestDatabase = DatabaseHandle & {
  imagesDir: string;
  storeId: string;
  /** Where another process can open the same database (PostgreSQL only; in-memory PGlite is this process's). */
  url: string | null;
  dispose(): Promise<void>;
};

/** Seed images are the same for every run; one shared folder keeps seeding fast. */
export const TEST_IMAGES_DIR = path.join(os.tmpdir(), "storefront-test-images");

export const usingPostgres = () => process.env.TEST_DB === "postgres";

export async function createTestDatabase(options: { seed?: boolean; storeId?: string } = {}): Promise<TestDatabase> {
  const storeId = options.storeId ?? "demo";
  let handle: DatabaseHandle;
  let dropDatabase = async () => {};
  let databaseUrl: string | null = null;
  if (usingPostgres()) {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
    const name = `storefront_test_${randomBytes(6).toString("hex")}`;
    await withClient(serverUrl, async (client) => {
      await client.query(`create database ${name}`);
      // A test's data is thrown away: commits need not wait for the disk, which is most of a test's time on PostgreSQL.
      await client.query(`alter database ${name} set synchronous_commit = off`);
    });
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    handle = await openDatabase(databaseUrl);
    dropDatabase = () => withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  } else {
    handle = await openDatabase("memory://");
  }
  await handle.migrate();
  if (options.seed) await seedDemoStore(handle.db, { storeId, imagesDir: TEST_IMAGES_DIR });
  // Tests may close the database on purpose (to see the shop cope); closing is then idempotent.
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  return {
    ...handle,
    close,
    imagesDir: TEST_IMAGES_DIR,
    storeId,
    url: databaseUrl,
    async dispose() {
      await close();
      await dropDatabase();
    },
  };
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
