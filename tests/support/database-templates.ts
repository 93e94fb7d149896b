/**
 * Vitest's global setup for the integration tests: the migrated database, and the migrated and seeded demo shop, are
 * made once per run, and each test file starts from a copy (tests/support/database.ts). Making a database from
 * nothing (PGlite's initdb, 75+ migrations, the seed) took 3 to 4 s on the two-core machine; a copy takes about 1 s on
 * PGlite and a fraction of that on PostgreSQL (decision 0046). Migrations themselves are still run on fresh databases
 * by server/db/client.test.ts and scripts/shop.test.ts.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { DEMO_STORE_ID, seedTestShop, usingPostgres, withClient } from "./database";

/** Where each file's copy comes from: PGlite data-folder tarballs, or PostgreSQL template database names. */
export type DatabaseTemplates = { kind: "pglite" | "postgres"; migrated: string; seeded: string };

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

export default async function setup(project: TestProject) {
  const made = usingPostgres() ? await postgresTemplates() : await pgliteTemplates();
  project.provide("databaseTemplates", made.templates);
  return made.remove;
}

const seed = (handle: DatabaseHandle) => seedTestShop(handle.db, DEMO_STORE_ID);

async function pgliteTemplates() {
  const folder = await mkdtemp(path.join(os.tmpdir(), "storefront-test-templates-"));
  const templates: DatabaseTemplates = {
    kind: "pglite",
    migrated: path.join(folder, "migrated.tar"),
    seeded: path.join(folder, "seeded.tar"),
  };
  const handle = await openDatabase("memory://");
  try {
    await handle.migrate();
    await writeFile(templates.migrated, Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer()));
    await seed(handle);
    await writeFile(templates.seeded, Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer()));
  } finally {
    await handle.close();
  }
  return { templates, remove: () => rm(folder, { recursive: true, force: true }) };
}

async function postgresTemplates() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const prefix = `storefront_template_${randomBytes(4).toString("hex")}`;
  const templates: DatabaseTemplates = { kind: "postgres", migrated: `${prefix}_migrated`, seeded: `${prefix}_seeded` };
  const prepare = async (name: string, from: string | null, work: (handle: DatabaseHandle) => Promise<void>) => {
    await withClient(serverUrl, (client) => client.query(`create database ${name}${from ? ` template ${from}` : ""}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase(url.toString());
    try {
      await work(handle);
    } finally {
      // A template must have no connections left when it is copied.
      await handle.close();
    }
  };
  await prepare(templates.migrated, null, (handle) => handle.migrate());
  await prepare(templates.seeded, templates.migrated, seed);
  const remove = () =>
    withClient(serverUrl, async (client) => {
      for (const name of [templates.seeded, templates.migrated]) await client.query(`drop database if exists ${name} with (force)`);
    });
  return { templates, remove };
}
