import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DrizzleQueryError } from "drizzle-orm/errors";
import pg from "pg";
import { isDatabaseUnavailable, openDatabase, writeEmptyCluster, type DatabaseHandle } from "./client";
import { DatabaseUnavailableError } from "./unavailable";

const pgError = (code: string, message = "server said no") => Object.assign(new Error(message), { code });

describe("telling a lost database from a wrong query", () => {
  it.each([
    ["terminated by an administrator (57P01)", pgError("57P01")],
    ["the server crashed (57P02)", pgError("57P02")],
    ["the server is starting (57P03)", pgError("57P03")],
    ["a connection exception (class 08)", pgError("08006")],
    ["a refused connection", pgError("ECONNREFUSED")],
    ["a reset connection", pgError("ECONNRESET")],
    ["a socket closed under a query", new Error("Connection terminated unexpectedly")],
    ["a pool that could not connect in time", new Error("timeout exceeded when trying to connect")],
    ["a closed PGlite", new Error("PGlite is closed")],
    ["the shop's own unavailable error", new DatabaseUnavailableError("database is closed")],
    ["any of them wrapped by Drizzle", new DrizzleQueryError("select 1", [], pgError("57P01"))],
  ])("%s is the database being unavailable", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", pgError("23505")],
    ["a NUL byte in text", pgError("22021")],
    ["a syntax error", pgError("42601")],
    ["a plain bug", new TypeError("cannot read properties of undefined")],
    ["not an error at all", "57P01"],
  ])("%s is not", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe.skipIf(process.env.TEST_DB === "postgres")("the embedded database folder", () => {
  it("refuses a second process while the first holds it, and opens again once it is closed", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "storefront-lock-"));
    const first = await openDatabase(folder);
    await expect(openDatabaseInChild(folder)).resolves.toContain("is in use by another process");
    await first.close();
    await expect(openDatabaseInChild(folder)).resolves.toBe("opened");
  });

  it("starts a new folder from an empty cluster made beforehand, and never loads it over data", async () => {
    const built = mkdtempSync(path.join(os.tmpdir(), "storefront-cluster-"));
    await writeEmptyCluster(built);
    const emptyCluster = path.join(built, "pglite-cluster.tar.gz");
    const systemId = async (database: DatabaseHandle) =>
      (await database.pglite!.query<{ id: string }>("select system_identifier::text as id from pg_control_system()")).rows[0].id;

    const [made, loaded, again] = ["made", "loaded", "again"].map((name) => path.join(mkdtempSync(path.join(os.tmpdir(), "storefront-db-")), name));
    const initdb = await openDatabase(made);
    const madeId = await systemId(initdb);
    await initdb.close();
    const first = await openDatabase(loaded, { emptyCluster });
    await first.migrate();
    await first.pglite!.exec("create table kept (note text); insert into kept values ('still here')");
    const loadedId = await systemId(first);
    await first.close();
    const second = await openDatabase(again, { emptyCluster });
    // Both folders came from the one cluster; the folder made by initdb has a cluster of its own.
    expect(await systemId(second)).toBe(loadedId);
    expect(loadedId).not.toBe(madeId);
    await second.close();

    const reopened = await openDatabase(loaded, { emptyCluster });
    expect((await reopened.pglite!.query<{ note: string }>("select note from kept")).rows).toEqual([{ note: "still here" }]);
    await reopened.close();
  });

  it("takes over a lock left by a process that died", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "storefront-lock-"));
    const { writeFileSync } = await import("node:fs");
    writeFileSync(path.join(folder, "storefront.lock"), "999999");
    const database = await openDatabase(folder);
    await database.close();
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("migrations on PostgreSQL", () => {
  it("are applied once when two instances start together on a fresh database", async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `storefront_migrate_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const instances = [await openDatabase(url.toString()), await openDatabase(url.toString())];
    try {
      await Promise.all(instances.map((instance) => instance.migrate()));
      const journal = JSON.parse(readFileSync(path.resolve("server/db/migrations/meta/_journal.json"), "utf8")) as { entries: unknown[] };
      const applied = await instances[0].pool!.query<{ hash: string }>("select hash from drizzle.__drizzle_migrations");
      expect(applied.rowCount).toBe(journal.entries.length);
      expect(new Set(applied.rows.map((row) => row.hash)).size).toBe(journal.entries.length);
      // The lock was let go: a later start takes it and finds nothing to do.
      await instances[1].migrate();
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("a PostgreSQL that refuses new connections", () => {
  // A page caught by either answered 500 where it should say the shop is briefly unavailable (503).
  it.each([
    ["a database closed to connections", (name: string) => `alter database ${name} allow_connections false`],
    ["a role out of connections", (name: string) => `alter role ${name} connection limit 0`],
  ])("%s is the database being unavailable", async (_, refuse) => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `storefront_refuse_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create role ${name} login`);
    await admin.query(`create database ${name} owner ${name}`);
    const url = new URL(serverUrl);
    url.username = name;
    url.pathname = `/${name}`;
    try {
      await admin.query(refuse(name));
      const client = new pg.Client({ connectionString: url.toString() });
      const refused = await client.connect().then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(refused)).toBe(true);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`drop role if exists ${name}`);
      await admin.end();
    }
  });
});

/** Opens the folder from another Node process, as the owner's commands would beside a running shop. */
function openDatabaseInChild(folder: string): Promise<string> {
  const script = `
    const { openDatabase } = await import(${JSON.stringify(path.resolve("server/db/client.ts"))});
    try { const db = await openDatabase(${JSON.stringify(folder)}); await db.close(); console.log("opened"); }
    catch (error) { console.log(error.message); }`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script]);
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.on("exit", () => resolve(output.trim()));
  });
}
