/**
 * The shop's one door to the job queue (decision 0033): pg-boss in the database the shop already uses, PostgreSQL or
 * the embedded PGlite, so a job runs once whichever instance takes it, survives a restart, and retries with backoff.
 * No other module imports pg-boss.
 */
import { createRequire } from "node:module";
import { sql } from "drizzle-orm";
import type { PGlite } from "@electric-sql/pglite";
import PgBoss from "pg-boss";
import { withStartupLock, type Database, type DatabaseHandle } from "../db/client";
import { logger } from "../logger";

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

export type WorkOptions = {
  /** `singleton`: one job of this queue runs at a time across every instance. */
  policy?: "standard" | "singleton";
  /** Attempts after the first before the job stays failed. */
  retryLimit?: number;
  /** Seconds before the first retry; each later one waits about twice as long. */
  retryDelaySeconds?: number;
  /** How long a job may run before it counts as lost (its instance died) and is retried. */
  expireInSeconds?: number;
};

export type JobQueue = {
  /** Declares a queue and works its jobs in this instance. */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /** Sends a job to the queue `name` on a cron (UTC, minute resolution); every instance may say so, it fires once. */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  /**
   * `singletonKey` with `singletonSeconds`: one job with this key per slot of that many seconds, however many
   * instances send it. Answers the job's id, or null if it was one too many.
   */
  send(name: string, data: object, options?: { singletonKey?: string; singletonSeconds?: number }): Promise<string | null>;
  /** Stops taking jobs and waits for the running ones, at most `timeoutMs`. */
  stop(timeoutMs?: number): Promise<void>;
};

const DEFAULT_RETRIES: Required<Omit<WorkOptions, "policy">> = { retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 15 * 60 };
const STOP_TIMEOUT_MS = 10_000;

/** `pollSeconds`: how often an idle worker looks for jobs (tests shorten it). */
export async function startJobQueue(database: DatabaseHandle, options: { pollSeconds?: number } = {}): Promise<JobQueue> {
  const pollingIntervalSeconds = options.pollSeconds ?? 2;
  const boss = new PgBoss({
    db: settledEnds(database.pglite ? pgliteExecutor(database.pglite) : { executeSql: (text, values) => (database.jobsPool ?? database.pool!).query(text, values) }),
    // A schedule's occurrence is sent within seconds of its minute, not up to half a minute late.
    cronMonitorIntervalSeconds: 5,
    cronWorkerIntervalSeconds: 5,
  });
  boss.on("error", (error: unknown) => logger.error({ err: error }, "job queue error"));
  const start = async () => {
    await dropNewerQueueSchema(database.db);
    await boss.start();
  };
  // pg-boss installs its schema at its first start; instances starting together on one new database take turns.
  if (database.pool) await withStartupLock(database.pool, start);
  else await start();
  return {
    async work(name, handler, workOptions = {}) {
      const settings = { ...DEFAULT_RETRIES, ...workOptions };
      const create = () =>
        boss.createQueue(name, {
          name,
          policy: workOptions.policy ?? "standard",
          retryLimit: settings.retryLimit,
          retryDelay: settings.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: settings.expireInSeconds,
        });
      // Each queue is a partition of pg-boss's job table: two instances creating theirs at once deadlock on it.
      if (database.pool) await withStartupLock(database.pool, create);
      else await create();
      await boss.work<object>(name, { batchSize: 1, pollingIntervalSeconds, includeMetadata: true }, async ([job]) => {
        try {
          await handler(job.data as Parameters<typeof handler>[0], { id: job.id, retryCount: job.retryCount });
        } catch (error) {
          logger.error({ err: error, job: name, attempt: job.retryCount + 1 }, "job failed");
          throw error;
        }
      });
    },
    async schedule(name, cron, data) {
      await boss.schedule(name, cron, data ?? {}, { tz: "UTC" });
    },
    send: (name, data, sendOptions = {}) => boss.send(name, data, sendOptions),
    stop: (timeoutMs = STOP_TIMEOUT_MS) => boss.stop({ graceful: true, timeout: timeoutMs, close: false }),
  };
}

type Executor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

const plans = createRequire(import.meta.url)("pg-boss/src/plans") as Record<"completeJobs" | "failJobsById", (schema: string) => string>;
/** pg-boss 10 records a worked job's end without awaiting it: these are the statements it sends so (manager.js, watch). */
const UNAWAITED_ENDS = new Set([plans.completeJobs("pgboss"), plans.failJobsById("pgboss")]);

/**
 * A job's end that cannot be written (the database's connection lost as the job finished) would reject where nobody
 * awaits it, and Node would end the shop. Here it is logged and left: the job stays active, and pg-boss's own
 * supervision retries it once it expires, as it would after a crash; every other statement fails as usual.
 */
function settledEnds(executor: Executor): Executor {
  return {
    async executeSql(text, values) {
      if (!UNAWAITED_ENDS.has(text)) return executor.executeSql(text, values);
      try {
        return await executor.executeSql(text, values);
      } catch (error) {
        logger.error({ err: error }, "a job's end could not be recorded; it runs again once it expires");
        // pg-boss reads the count of jobs ended from the first row: none were.
        return { rows: [{ count: "0" }], rowCount: 1 };
      }
    },
  };
}

/**
 * pg-boss's statements through the embedded database: its schema and locked commands are several statements in one
 * text with no parameters, which only PGlite's `exec` runs (answering the last statement's rows); the rest are one
 * statement with parameters.
 */
function pgliteExecutor(pglite: PGlite) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return pglite.query(text, values);
      const results = await pglite.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}

/** The version of pg-boss's tables the pinned pg-boss makes and works with. */
const QUEUE_SCHEMA_VERSION = (createRequire(import.meta.url)("pg-boss/version.json") as { schema: number }).schema;

/**
 * Tables made by a newer pg-boss (the shop ran pg-boss 12, schema 46, before it was pinned to 10 for Node.js 20) are
 * ones this pg-boss cannot read or migrate back, and would fail on. They hold nothing the shop cannot make again: the
 * schedules are declared at every start, each job's work is found again from the shop's own tables (due orders,
 * mail, reminders, renewals; a queued import resumes from its row), so they are dropped and made anew; only the
 * history of failed jobs goes.
 */
export async function dropNewerQueueSchema(db: Database): Promise<void> {
  const found = await db.execute(sql`select to_regclass('pgboss.version') is not null as installed`);
  if (!(found as unknown as { rows: { installed: boolean }[] }).rows[0]?.installed) return;
  const versions = await db.execute(sql`select version from pgboss.version`);
  const version = Number((versions as unknown as { rows: { version: number | string }[] }).rows[0]?.version ?? 0);
  if (version <= QUEUE_SCHEMA_VERSION) return;
  logger.warn({ found: version, made: QUEUE_SCHEMA_VERSION }, "the job queue's tables were made by a newer pg-boss: making them anew");
  await db.execute(sql`drop schema pgboss cascade`);
}

export type FailedJob = { id: string; name: string; error: string; attempts: number; failedAt: Date };

/** Jobs that used up their retries, newest first: what the owner is shown (GET /api/admin/jobs/failed). */
export async function listFailedJobs(db: Database, limit = 50): Promise<FailedJob[]> {
  // A database no instance has started a queue on yet has no pg-boss schema, and so no failed job.
  const installed = await db.execute(sql`select to_regclass('pgboss.job') is not null as installed`);
  if (!(installed as unknown as { rows: { installed: boolean }[] }).rows[0]?.installed) return [];
  const result = await db.execute(sql`
    select id, name, output, retry_count, completed_on from pgboss.job
    where state = 'failed' order by completed_on desc limit ${limit}`);
  const rows = (result as unknown as { rows: { id: string; name: string; output: unknown; retry_count: number; completed_on: Date | string }[] }).rows;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    error: messageOf(row.output),
    attempts: row.retry_count + 1,
    failedAt: new Date(row.completed_on),
  }));
}

/** pg-boss keeps a thrown error as its serialised object; the owner needs its message, not its stack. */
function messageOf(output: unknown): string {
  if (output && typeof output === "object" && "message" in output && typeof output.message === "string") return output.message;
  return output == null ? "" : JSON.stringify(output).slice(0, 500);
}
