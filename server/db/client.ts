/**
 * Opens the database: embedded PGlite in a folder by default, PostgreSQL when a URL is given. Both speak the same
 * dialect, so the rest of the server sees one Drizzle type.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import { readMigrationFiles, type MigrationMeta } from "drizzle-orm/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Config } from "../config";
import { logger } from "../logger";
import * as schema from "./schema";
import { DatabaseUnavailableError } from "./unavailable";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The database inside a transaction, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** PostgreSQL's connection pool, for services that speak to it directly (the shared rate limits). */
  pool?: pg.Pool;
  /**
   * PostgreSQL: the job queue's own few connections, beside the pool the pages and the API share, so requests
   * holding every connection of that pool (slow pages on a big shop) never stop jobs being fetched and finished.
   */
  jobsPool?: pg.Pool;
  /** The embedded database's one connection, for services that speak to it directly (the job queue). */
  pglite?: PGlite;
  /** Applies every migration not yet applied; on PostgreSQL one instance at a time, the others wait. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Only where this process is the database's one writer (the embedded database): calls `moved` as each transaction
   * that moves a content version commits, before that transaction's own caller goes on (migration 0020).
   */
  watchContentVersion?: (moved: () => void) => Promise<void>;
  /** The embedded database only: its data folder as a tarball, taken while it serves (commands/backup.ts). */
  dumpDataDir?: () => Promise<Blob>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
/**
 * An empty embedded cluster, made by the build (scripts/build-runtime.ts) and found beside this module as the
 * migrations are. Creating a cluster (initdb, inside PGlite's WebAssembly) took a first start to a 855 MB peak;
 * loading one already made peaks near 330 MB, so a shop's first start fits a 512 MB server (decision 0045).
 * Development and the tests, which run from source, have none and create the cluster.
 */
const EMPTY_CLUSTER_NAME = "pglite-cluster.tar.gz";
const emptyClusterFile = path.join(path.dirname(fileURLToPath(import.meta.url)), EMPTY_CLUSTER_NAME);

/**
 * Typo-tolerant search (catalog/search.ts) reads vocabulary candidates with pg_trgm's similarity operator. The
 * similarity of a 5-letter word with two inner letters swapped is 0.2 (2 of 10 distinct trigrams shared), so the
 * threshold sits just below it; edit distance then decides. Every connection starts with it, so a search needs no
 * transaction to set it.
 */
const TRIGRAM_SIMILARITY_THRESHOLD = "pg_trgm.similarity_threshold=0.18";

/**
 * SQLSTATEs of a connection the server ended (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect
 * now), class 08 (connection exception) and a server that refuses a new connection for now (53300 too many
 * connections); errno codes of a server that is down or went away mid-conversation.
 */
const LOST_CONNECTION_STATES = /^(57P0[123]|08...|53300)$/;
const UNREACHABLE_ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
/**
 * node-postgres and PGlite say so only in words: a socket closed under a query, a pool that could not connect in time, a
 * closed PGlite. A database closed to connections (ALLOW_CONNECTIONS false, as during maintenance) says so under
 * 55000, a state PostgreSQL also uses for unrelated refusals, so only its words count.
 */
const LOST_CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed|database ".*" is not currently accepting connections)/;

/**
 * Whether an error means the database could not be reached or the connection was lost, rather than that the query
 * was wrong: the one place that decides it, so every request caught in such a fault gets a 503 and not a 500.
 * Drizzle wraps the driver's error as `cause`, so the whole chain is read.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (LOST_CONNECTION_STATES.test(code) || UNREACHABLE_ERRNOS.has(code))) return true;
    if (LOST_CONNECTION_MESSAGES.test(current.message)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/**
 * `location` is a postgres:// URL, `memory://`, or a folder for PGlite's files. On PostgreSQL, `migrationUrl` names
 * the role that owns the tables and applies the migrations, where the shop's own role may only use them.
 */
export async function openDatabase(
  location: string,
  options: { migrationUrl?: string; emptyCluster?: string } = {},
): Promise<DatabaseHandle> {
  if (/^postgres(ql)?:\/\//.test(location)) return openPostgres(location, options.migrationUrl);
  return openPglite(location, location.startsWith("memory://") ? undefined : emptyClusterFor(location, options.emptyCluster));
}

/** The database the configuration names: PostgreSQL at DATABASE_URL, else the embedded one in the data folder. */
export function openConfiguredDatabase(config: Pick<Config, "DATABASE_URL" | "MIGRATION_DATABASE_URL" | "DATA_DIR">): Promise<DatabaseHandle> {
  return openDatabase(config.DATABASE_URL ?? path.join(path.resolve(config.DATA_DIR), "db"), { migrationUrl: config.MIGRATION_DATABASE_URL });
}

/**
 * Drizzle's transaction releases its client in a `finally` that only starts once its `begin` succeeded: a connection
 * lost during `begin` would keep the client checked out for ever, and a handful of those exhaust the pool, after which
 * the shop answers 503 until restarted. So a checked-out client whose connection is lost is released (and discarded)
 * at once, and the caller's own release afterwards does nothing.
 */
class LeakProofPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: Parameters<pg.Pool["connect"]>[0]): void;
  override connect(callback?: Parameters<pg.Pool["connect"]>[0]): Promise<pg.PoolClient> | void {
    // The callback form is the pool's own (pool.query), which always releases.
    if (callback) return super.connect(callback);
    return super.connect().then((client) => {
      const release = client.release;
      let released = false;
      const releaseOnce = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener("error", releaseOnce);
        release(error);
      };
      client.on("error", releaseOnce);
      client.release = releaseOnce;
      return client;
    });
  }
}

/** Errors of a pooled connection that died while idle, as opposed to a database that refuses new ones. */
const STALE_CONNECTION_STATES = /^(57P0[12]|ECONNRESET|EPIPE)$/;
const STALE_CONNECTION_MESSAGES = /^(Connection terminated|Client has encountered a connection error)/;

/**
 * Whether the database answers now. A pooled connection whose server went away while idle fails its next query even
 * when the database is back, and is dropped by that failure; so such a failure is retried (at most once per
 * connection the pool held), and only a failure to get a fresh answer counts as the database being away.
 */
async function pingThroughPool(pool: pg.Pool): Promise<void> {
  const held = pool.totalCount;
  for (let attempt = 0; ; attempt++) {
    try {
      await pool.query("select 1");
      return;
    } catch (error) {
      const { code, message } = error as { code?: string; message?: string };
      const stale = STALE_CONNECTION_STATES.test(code ?? "") || STALE_CONNECTION_MESSAGES.test(message ?? "");
      if (!stale || attempt >= held) throw error;
    }
  }
}

/** The requests' pool's size, and the job queue's beside it: an instance holds at most the two together. */
export const POOL_CONNECTIONS = 10;
export const JOB_QUEUE_CONNECTIONS = 2;

async function openPostgres(url: string, migrationUrl: string | undefined): Promise<DatabaseHandle> {
  const pool = new LeakProofPool({
    connectionString: url,
    max: POOL_CONNECTIONS,
    connectionTimeoutMillis: 5000,
    // No JIT compiling (decision 0074): the back office's sums over a big shop cost past its threshold, and compiling
    // them took 4 of the customers list's 8 seconds there; the shop's statements run in milliseconds without it.
    options: `-c ${TRIGRAM_SIMILARITY_THRESHOLD} -c jit=off`,
  });
  // A client losing its server, idle or in the middle of a query, must not crash the process: the query in flight
  // fails (and the request answers 503), the pool drops the client and opens a new one, /healthz reports meanwhile.
  const noteLostConnection = (error: Error) =>
    logger.warn({ err: { code: (error as { code?: string }).code, message: error.message } }, "database connection lost");
  pool.on("connect", (client) => client.on("error", noteLostConnection));
  // The pool repeats an idle client's error as its own; the client's listener has already noted it.
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
  const jobsPool = new LeakProofPool({ connectionString: url, max: JOB_QUEUE_CONNECTIONS, connectionTimeoutMillis: 5000 });
  jobsPool.on("connect", (client) => client.on("error", noteLostConnection));
  jobsPool.on("error", () => {});
  const db = drizzleNodePostgres(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    pool,
    jobsPool,
    migrate: () => (migrationUrl ? migrateAsOwner(migrationUrl) : migrateOnce(pool)),
    ping: () => pingThroughPool(pool),
    close: async () => {
      await Promise.all([pool.end(), jobsPool.end()]);
    },
  };
}

let migrationsOnDisk: MigrationMeta[] | undefined;

/**
 * How many of this build's migrations the database has not applied: all of them on a database never migrated.
 * Drizzle's migrators (both drivers) record each applied one in drizzle.__drizzle_migrations with its folder's
 * timestamp and apply those newer than the latest recorded, so the same comparison says what is left.
 */
export async function pendingMigrations(db: Database): Promise<number> {
  migrationsOnDisk ??= readMigrationFiles({ migrationsFolder });
  // Both drivers answer with `rows`; the shared Database type does not say so.
  const firstRow = async <Row>(query: SQL) => ((await db.execute(query)) as { rows: Row[] }).rows[0];
  const journal = await firstRow<{ present: boolean }>(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!journal.present) return migrationsOnDisk.length;
  const applied = await firstRow<{ latest: string }>(sql`select coalesce(max(created_at), 0)::text as latest from drizzle.__drizzle_migrations`);
  return migrationsOnDisk.filter((migration) => migration.folderMillis > Number(applied.latest)).length;
}

/** Any fixed number: the key of the advisory lock that instances starting together take turns under. */
const STARTUP_LOCK_KEY = 724_310_024;

/**
 * Instances starting together would each apply the pending migrations (or install the job queue's tables), and the
 * second would fail on what the first just created. Such work runs while one connection holds a session-level
 * advisory lock: the others wait for it, then find nothing left to do.
 */
export async function withStartupLock<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
    try {
      return await work(client);
    } finally {
      await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

async function migrateOnce(pool: pg.Pool): Promise<void> {
  await withStartupLock(pool, (client) => migrateNodePostgres(drizzleNodePostgres(client, { schema }), { migrationsFolder }));
}

/**
 * The migrations through a connection of the tables' owner, held only while they run. The audit trail is confined
 * again at each start (migration 0037), since a restore makes the tables anew with the owner's default privileges.
 */
async function migrateAsOwner(migrationUrl: string): Promise<void> {
  const owner = new pg.Pool({ connectionString: migrationUrl, max: 1, connectionTimeoutMillis: 5000 });
  try {
    await migrateOnce(owner);
    await owner.query("select confine_audit_trail()");
  } finally {
    await owner.end();
  }
}

/**
 * PGlite serves one process only, and a second process writing the same folder would corrupt it. A lock file
 * holding the owner's pid turns that into a clear refusal (the owner's commands while the shop runs, say); a lock
 * left by a process that died is taken over.
 */
export function lockFolder(location: string): () => void {
  const lockPath = path.join(location, "storefront.lock");
  try {
    writeFileSync(lockPath, String(process.pid), { flag: "wx" });
  } catch {
    const owner = Number(readFileSync(lockPath, "utf8"));
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new DatabaseUnavailableError(
        `The embedded database in ${location} is in use by another process (pid ${owner}), and it is not answering commands: wait until it has started or stopped, or set DATABASE_URL to PostgreSQL.`,
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

/** An embedded database made in `location` (an empty folder) from a tarball that `dumpDataDir` wrote. */
export function openPgliteFromTarball(location: string, tarball: Blob): Promise<DatabaseHandle> {
  return openPglite(location, tarball);
}

/** Writes an empty embedded cluster, with the extensions the shop loads, into the folder of the built server. */
export async function writeEmptyCluster(runtimeFolder: string): Promise<void> {
  const client = await PGlite.create("memory://", { extensions: { pg_trgm } });
  try {
    writeFileSync(path.join(runtimeFolder, EMPTY_CLUSTER_NAME), Buffer.from(await (await client.dumpDataDir("gzip")).arrayBuffer()));
  } finally {
    await client.close();
  }
}

/** A new data folder starts from an empty cluster (by default the build's) when there is one. */
function emptyClusterFor(location: string, file = emptyClusterFile): Blob | undefined {
  if (existsSync(path.join(location, "PG_VERSION")) || !existsSync(file)) return undefined;
  return new Blob([readFileSync(file)]);
}

async function openPglite(location: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const inMemory = location.startsWith("memory://");
  if (!inMemory) mkdirSync(location, { recursive: true });
  const unlock = inMemory ? () => {} : lockFolder(location);
  let client: PGlite;
  try {
    client = await PGlite.create(location, {
      loadDataDir,
      extensions: { pg_trgm },
      // PGlite's default 128 MB of shared buffers lives in WebAssembly memory that never shrinks; a small shop's
      // catalogue fits in far less (the shop's measured peaks: README, "Load benchmark").
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
    pglite: client,
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    ping: async () => {
      if (client.closed) throw new DatabaseUnavailableError("database is closed");
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await client.close();
      unlock();
    },
    watchContentVersion: async (moved) => {
      await client.listen("content_version", moved);
    },
    dumpDataDir: async () => {
      // The tarball is taken between two queries, like a crash: a checkpoint first leaves little WAL to replay on restore.
      await client.exec("checkpoint");
      return client.dumpDataDir("none");
    },
  };
}

/** The rows a raw query answers, typed as the caller says its columns are (every driver answers `{ rows }`). */
export async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}
