/**
 * Opens the database: embedded PGlite in a folder by default, PostgreSQL when a URL is given. Both speak the same
 * dialect, so the rest of the server sees one Drizzle type.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * Typo-tolerant search (catalog/search.ts) reads vocabulary candidates with pg_trgm's similarity operator. The
 * similarity of a 5-letter word with two inner letters swapped is 0.2 (2 of 10 distinct trigrams shared), so the
 * threshold sits just below it; edit distance then decides. Every connection starts with it, so a search needs no
 * transaction to set it.
 */
const TRIGRAM_SIMILARITY_THRESHOLD = "pg_trgm.similarity_threshold=0.18";

export class DatabaseUnavailableError extends Error {}

/** `location` is a postgres:// URL, `memory://`, or a folder for PGlite's files. */
export async function openDatabase(location: string): Promise<DatabaseHandle> {
  if (/^postgres(ql)?:\/\//.test(location)) return openPostgres(location);
  return openPglite(location);
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    options: `-c ${TRIGRAM_SIMILARITY_THRESHOLD}`,
  });
  // An idle client losing its server must not crash the process; /healthz reports it instead.
  pool.on("error", () => {});
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    const target = new URL(url);
    throw new DatabaseUnavailableError(
      `Cannot connect to PostgreSQL at ${target.hostname}:${target.port || 5432}${target.pathname}: ${(error as Error).message}`,
    );
  }
  const db = drizzleNodePostgres(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    migrate: () => migrateNodePostgres(drizzleNodePostgres(pool, { schema }), { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/**
 * PGlite serves one process only, and a second process writing the same folder would corrupt it. A lock file
 * holding the owner's pid turns that into a clear refusal (the owner's commands while the shop runs, say); a lock
 * left by a process that died is taken over.
 */
function lockFolder(location: string): () => void {
  const lockPath = path.join(location, "storefront.lock");
  try {
    writeFileSync(lockPath, String(process.pid), { flag: "wx" });
  } catch {
    const owner = Number(readFileSync(lockPath, "utf8"));
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new DatabaseUnavailableError(
        `The embedded database in ${location} is in use by another process (pid ${owner}). Stop the shop first, or set DATABASE_URL to PostgreSQL to run commands beside it.`,
      );
    }
    writeFileSync(lockPath, String(process.pid));
  }
  return () => rmSync(lockPath, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function openPglite(location: string): Promise<DatabaseHandle> {
  const inMemory = location.startsWith("memory://");
  if (!inMemory) mkdirSync(location, { recursive: true });
  const unlock = inMemory ? () => {} : lockFolder(location);
  let client: PGlite;
  try {
    client = await PGlite.create(location, {
      extensions: { pg_trgm },
      // PGlite's default 128 MB of shared buffers lives in WebAssembly memory that never shrinks; a small shop's
      // catalogue fits in far less, and the process stays well under 300 MB resident.
      postgresqlconf: ["shared_buffers=16MB", "work_mem=4MB", "maintenance_work_mem=16MB", TRIGRAM_SIMILARITY_THRESHOLD],
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const pgliteDb = drizzlePglite(client, { schema });
  const db = pgliteDb as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    ping: async () => {
      if (client.closed) throw new DatabaseUnavailableError("database is closed");
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await client.close();
      unlock();
    },
  };
}
