/**
 * Background work in the job queue (decision 0033): a failing job retries with backoff and then shows as failed, on
 * either database; on PostgreSQL, two instances over one database each start the queue, and a scheduled sweep, the
 * sweep asked for at start and an import queued on one instance each run once, and jobs run while requests hold
 * every connection of the shop's pool; a job whose end cannot be written, the database gone as it finished, leaves the
 * shop running.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tokenHeaders } from "../tests/support/api-tokens";
import { createTestApp, secondInstance, type TestApp } from "../tests/support/app";
import { usingPostgres } from "../tests/support/database";
import { startDatabaseLink } from "../tests/support/database-link";
import { openDatabase } from "./db/client";
import { logger } from "./logger";
import { queueCatalogueImport } from "./catalog/import-jobs";
import { commandLineActor } from "./audit/audit";
import { listFailedJobs, startJobQueue, type JobQueue } from "./jobs/queue";
import { JOBS, startShopJobs } from "./shop-jobs";
import { POOL_CONNECTIONS } from "./db/client";

const CSV = readFileSync(path.join(import.meta.dirname, "catalog/shopify-csv/fixtures/shopify-export.csv"), "utf8").replace(
  /https:\/\/cdn\.shopify\.com[^,]*/g,
  "",
);
const POLL = { pollSeconds: 0.5 };

let t: TestApp | undefined;
const queues: JobQueue[] = [];
afterEach(async () => {
  for (const queue of queues.splice(0)) await queue.stop(2000);
  await t?.database.dispose();
  t = undefined;
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function jobsNamed(app: TestApp, name: string) {
  const result = await app.deps.db.execute(
    sql`select state, retry_count, data from pgboss.job where name = ${name} order by created_on`,
  );
  return (result as unknown as { rows: { state: string; retry_count: number; data: Record<string, unknown> }[] }).rows;
}

describe("the job queue", () => {
  it("makes anew the tables a newer pg-boss left (schema 46, pg-boss 12), and works on them", async () => {
    t = await createTestApp();
    await t.deps.db.execute(sql`create schema pgboss`);
    await t.deps.db.execute(sql`create table pgboss.version (version int primary key)`);
    await t.deps.db.execute(sql`insert into pgboss.version values (46)`);
    await t.deps.db.execute(sql`create table pgboss.job (id uuid primary key, shape_of_a_newer_release text)`);
    const queue = await startJobQueue(t.deps.database, POLL);
    queues.push(queue);
    const ran: unknown[] = [];
    await queue.work<{ n: number }>("test-after-upgrade", async (data) => void ran.push(data));
    await queue.send("test-after-upgrade", { n: 1 });
    await until(async () => ran, (done) => done.length === 1, 10_000);
    expect(ran).toEqual([{ n: 1 }]);
    const versions = await t.deps.db.execute(sql`select version from pgboss.version`);
    expect(Number((versions as unknown as { rows: { version: number }[] }).rows[0].version)).toBeLessThan(46);
  });

  it.runIf(usingPostgres())("runs jobs while requests hold every connection of the pool (slow pages on a big shop)", async () => {
    t = await createTestApp();
    const queue = await startJobQueue(t.deps.database, POLL);
    queues.push(queue);
    const ran: unknown[] = [];
    await queue.work<{ n: number }>("test-beside-busy-pages", async (data) => void ran.push(data));
    const held = await Promise.all(Array.from({ length: POOL_CONNECTIONS }, () => t!.deps.database.pool!.connect()));
    try {
      expect(t.deps.database.pool!.idleCount).toBe(0);
      await queue.send("test-beside-busy-pages", { n: 1 });
      await until(async () => ran, (done) => done.length === 1, 10_000);
      expect(ran).toEqual([{ n: 1 }]);
    } finally {
      for (const client of held) client.release();
    }
  });

  it("retries a failing job with backoff, then keeps it as failed for the owner with its error and attempts", async () => {
    t = await createTestApp();
    const queue = await startJobQueue(t.deps.database, POLL);
    queues.push(queue);
    const attempts: number[] = [];
    await queue.work(
      "test-always-fails",
      async () => {
        attempts.push(Date.now());
        throw new Error(`the supplier's feed is down (attempt ${attempts.length})`);
      },
      { retryLimit: 2, retryDelaySeconds: 1 },
    );
    await queue.send("test-always-fails", {});
    const failed = await until(() => listFailedJobs(t!.deps.db), (jobs) => jobs.length > 0, 20_000);
    expect(failed).toEqual([
      expect.objectContaining({ name: "test-always-fails", error: "the supplier's feed is down (attempt 3)", attempts: 3 }),
    ]);
    expect(attempts).toHaveLength(3);
    // Backoff from one second: each retry waits at least the delay.
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(900);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(900);
    // The owner's view of it, and no one's who only packs orders.
    const listed = await t.call("GET", "/api/admin/jobs/failed", undefined, await tokenHeaders(t, "manager", "desk"));
    expect(await listed.json()).toEqual({
      jobs: [{ id: failed[0]!.id, name: "test-always-fails", error: "the supplier's feed is down (attempt 3)", attempts: 3, failed_at: failed[0]!.failedAt.toISOString() }],
    });
    expect((await t.call("GET", "/api/admin/jobs/failed", undefined, await tokenHeaders(t, "fulfilment", "bench"))).status).toBe(403);
  }, 30_000);

  it("runs an import sent to the queue and ends its job", async () => {
    t = await createTestApp();
    t.deps.jobs = await startShopJobs(t.deps, POLL);
    queues.push(t.deps.jobs);
    const { job, finished } = await queueCatalogueImport(t.deps, commandLineActor(t.deps.storeId), { csv: CSV, fileName: "shop.csv", dryRun: true });
    await finished;
    expect(await jobsNamed(t, JOBS.catalogueImport)).toEqual([expect.objectContaining({ state: "completed", data: expect.objectContaining({ id: job.id }) })]);
  }, 30_000);
});

describe("a job outlives the instance that queued it", () => {
  it("runs an import queued just before its instance stopped when the next one starts", async () => {
    t = await createTestApp();
    const stopping = await startShopJobs(t.deps, POLL);
    await stopping.stop(2000);
    // Queued through the stopped instance's queue: the job is in the database, and nobody works it yet.
    t.deps.jobs = stopping;
    const { job } = await queueCatalogueImport(t.deps, commandLineActor(t.deps.storeId), { csv: CSV, fileName: "shop.csv", dryRun: true });
    expect(await jobsNamed(t, JOBS.catalogueImport)).toEqual([expect.objectContaining({ state: "created" })]);
    const next = await startShopJobs(t.deps, POLL);
    queues.push(next);
    const ended = await until(() => jobsNamed(t!, JOBS.catalogueImport), (jobs) => jobs[0]?.state === "completed", 15_000);
    expect(ended).toEqual([expect.objectContaining({ state: "completed", data: expect.objectContaining({ id: job.id }) })]);
    const [row] = await t.deps.db.execute(sql`select status from catalogue_imports where id = ${job.id}`).then((r) => (r as unknown as { rows: { status: string }[] }).rows);
    expect(row).toEqual({ status: "succeeded" });
  }, 30_000);
});

describe.runIf(usingPostgres())("two instances over one PostgreSQL database", () => {
  async function twoInstancesWithQueues() {
    t = await createTestApp();
    const other = secondInstance(t);
    // Started together, as a deployment starts them: the first to take pg-boss's lock creates its schema.
    const started = await Promise.all([t, other].map((instance) => startShopJobs(instance.deps, POLL)));
    queues.push(...started);
    [t.deps.jobs, other.deps.jobs] = started;
    return other;
  }

  it("sweeps fully at each start, and once per minute on the schedule both keep", async () => {
    await twoInstancesWithQueues();
    const sweeps = () => jobsNamed(t!, JOBS.ordersSweep);
    const atStart = (jobs: Awaited<ReturnType<typeof sweeps>>) => jobs.filter((job) => job.data.all === true);
    const onSchedule = (jobs: Awaited<ReturnType<typeof sweeps>>) => jobs.filter((job) => job.data.all !== true);
    const started = await until(sweeps, (jobs) => atStart(jobs).length === 2 && atStart(jobs).every((job) => job.state === "completed"), 10_000);
    expect(atStart(started)).toHaveLength(2);
    // A minute's occurrence is sent by whichever instance's cron looks first (both look every 5 seconds) as one
    // `__pgboss__send-it` job keyed by the sweep's name and the minute; the other instance's send of the same minute is
    // refused. When the job is created is no guide: an occurrence sent late in its minute is created in the next one,
    // beside that minute's own.
    await until(sweeps, (jobs) => onSchedule(jobs).some((job) => job.state === "completed"), 75_000);
    // Counted once settled: every occurrence sent so far has made its sweep (the send-it job completes after it), and
    // each sweep has run. A look at a fixed time after the first could see the next minute sent and its sweep not yet
    // made; a sweep made twice would still show as more sweeps than occurrences.
    const occurrencesSent = () =>
      t!.deps.db
        .execute(sql`select singleton_on::text as minute, state from pgboss.job where name = '__pgboss__send-it' and data->>'name' = ${JOBS.ordersSweep}`)
        .then((r) => (r as unknown as { rows: { minute: string; state: string }[] }).rows);
    const { scheduled, sent } = await until(
      // The sweeps first: an occurrence sent between the two reads then shows as one more sent, and is waited for.
      async () => {
        const scheduled = onSchedule(await sweeps());
        return { scheduled, sent: await occurrencesSent() };
      },
      ({ scheduled, sent }) =>
        sent.every((occurrence) => occurrence.state === "completed") && scheduled.every((job) => job.state === "completed") && scheduled.length >= sent.length,
      30_000,
    );
    expect(scheduled.every((job) => job.state === "completed")).toBe(true);
    expect(new Set(sent.map((occurrence) => occurrence.minute)).size).toBe(sent.length);
    expect(scheduled).toHaveLength(sent.length);
  }, 90_000);

  it("processes an import queued on one instance once, whichever instance takes it", async () => {
    const other = await twoInstancesWithQueues();
    const { job, finished } = await queueCatalogueImport(other.deps, commandLineActor(t!.deps.storeId), { csv: CSV, fileName: "shop.csv", dryRun: false });
    await finished;
    const [row] = await t!.deps.db.execute(sql`select status from catalogue_imports where id = ${job.id}`).then((r) => (r as unknown as { rows: { status: string }[] }).rows);
    expect(row).toEqual({ status: "succeeded" });
    expect(await jobsNamed(t!, JOBS.catalogueImport)).toEqual([expect.objectContaining({ state: "completed", retry_count: 0 })]);
  }, 30_000);
});

describe.runIf(usingPostgres())("a job's end while the database is away", () => {
  // pg-boss 10 writes a worked job's end without awaiting it: once, that rejection went unhandled and ended the shop.
  it.each([
    { end: "completed", fails: false },
    { end: "failed", fails: true },
  ])("a job that $end as the connection went is left to run again, and the shop and its queue go on", async ({ fails }) => {
    t = await createTestApp();
    const link = await startDatabaseLink(t.database.url!);
    const throughLink = await openDatabase(link.url);
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => void unhandled.push(reason);
    process.on("unhandledRejection", record);
    const logged = vi.spyOn(logger, "error");
    const queue = await startJobQueue(throughLink, POLL);
    try {
      const ran: number[] = [];
      await queue.work<{ n: number }>(
        "test-end-lost",
        async ({ n }) => {
          ran.push(n);
          if (n > 1) return;
          await link.cut();
          if (fails) throw new Error("the supplier's feed is down");
        },
        { retryLimit: 0 },
      );
      const first = await queue.send("test-end-lost", { n: 1 });
      const endLost = () => logged.mock.calls.some(([, message]) => message === "a job's end could not be recorded; it runs again once it expires");
      await until(async () => endLost(), Boolean, 15_000);
      expect(endLost()).toBe(true);
      await link.mend();
      await queue.send("test-end-lost", { n: 2 });
      await until(async () => ran, (done) => done.includes(2), 15_000);
      expect(ran).toEqual([1, 2]);
      const states = await t.deps.db.execute(sql`select id, state from pgboss.job where name = 'test-end-lost' order by created_on`);
      // The first is still active, as after a crash: pg-boss's supervision retries it once it expires.
      expect((states as unknown as { rows: { id: string; state: string }[] }).rows).toEqual([
        { id: first, state: "active" },
        expect.objectContaining({ state: "completed" }),
      ]);
      expect(unhandled).toEqual([]);
    } finally {
      await queue.stop(2000);
      process.off("unhandledRejection", record);
      logged.mockRestore();
      await throughLink.close();
      await link.close();
    }
  }, 45_000);
});
