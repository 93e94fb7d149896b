/**
 * A catalogue import as a job: the uploaded file is kept in `catalogue_imports` and run, one import at a time, while
 * the admin shows its progress. `startImports` is the one place that decides where jobs run: in the job queue when
 * the shop started one (any instance takes it, once, and it survives a restart: decision 0033), else in this process,
 * where a job still queued when the shop stops is picked up when it starts again (resumeCatalogueImports).
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { AppDeps } from "../context";
import { apiTokens, catalogueImports, staff } from "../db/schema";
import { logger } from "../logger";
import type { AuditActor } from "../audit/audit";
import type { CsvProblem } from "./shopify-csv/columns";
import { importShopifyCsv, type ImportSummary } from "./shopify-csv/import";
import { CsvFileError, parseShopifyCsv } from "./shopify-csv/read";
import { badInput, conflict, isRefusal } from "../../core/errors";
import { storeRow } from "../db/store-rows";

export type CatalogueImport = typeof catalogueImports.$inferSelect;
export type ImportStatus = CatalogueImport["status"];

/** Answered for the file of a job that stopped with an error the import did not expect. */
export const IMPORT_CRASHED_MESSAGE = "The import stopped with an unexpected error; nothing was changed. Try again, or ask for help if it happens again.";

/** An uploaded file's bytes as text: Shopify exports UTF-8, and a file in another encoding is refused, not garbled. */
export function csvTextOf(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badInput("The file is not UTF-8 text: export it from Shopify again, or save it as CSV UTF-8", "file");
  }
}

/** Checks that the file is a Shopify product CSV (400 otherwise), keeps it as a queued job and starts it. */
export async function queueCatalogueImport(
  deps: AppDeps,
  actor: AuditActor,
  file: { csv: string; fileName: string; dryRun: boolean },
): Promise<{ job: CatalogueImport; finished: PromiseLike<void> }> {
  let totalRows: number;
  try {
    totalRows = parseShopifyCsv(file.csv).rows.length;
  } catch (error) {
    if (error instanceof CsvFileError) throw badInput(error.message, "file");
    throw error;
  }
  if (totalRows === 0) throw badInput("The file has no products: only a header row", "file");
  const [job] = await deps.db
    .insert(catalogueImports)
    .values({ storeId: actor.storeId, dryRun: file.dryRun, fileName: file.fileName.slice(0, 255), csv: file.csv, totalRows, actorLabel: actor.label })
    .returning();
  return { job, ...(await startImports(deps, [{ id: job.id, actor }])) };
}

/** Queues the file of an earlier job (a dry run that found no problem) to be applied. */
export async function applyCheckedImport(deps: AppDeps, actor: AuditActor, id: number): Promise<{ job: CatalogueImport; finished: PromiseLike<void> }> {
  const checked = await getCatalogueImport(deps, actor.storeId, id);
  if (!checked.dryRun || checked.status !== "succeeded" || checked.problems.length > 0) {
    throw conflict("Only a checked file without problems can be imported from here; upload it again");
  }
  return queueCatalogueImport(deps, actor, { csv: checked.csv, fileName: checked.fileName, dryRun: false });
}

/** Waits for a job to end, at most `ms`: a screen shows a small file's result at once and a large one's progress. */
export function settledWithin(finished: PromiseLike<void>, ms: number): Promise<void> {
  return Promise.race([finished, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);
}

export async function getCatalogueImport(deps: AppDeps, storeId: string, id: number): Promise<CatalogueImport> {
  return storeRow(deps.db, catalogueImports, storeId, id, "No import with this id in this store");
}

export const RECENT_IMPORTS = 10;

/** The newest imports, without their files. */
export async function listCatalogueImports(deps: AppDeps, storeId: string) {
  return deps.db
    .select({
      id: catalogueImports.id,
      status: catalogueImports.status,
      dryRun: catalogueImports.dryRun,
      fileName: catalogueImports.fileName,
      totalRows: catalogueImports.totalRows,
      createdAt: catalogueImports.createdAt,
    })
    .from(catalogueImports)
    .where(eq(catalogueImports.storeId, storeId))
    .orderBy(desc(catalogueImports.id))
    .limit(RECENT_IMPORTS);
}

/** The summary a job keeps, as the import made it; empty until the job has run. */
export function summaryOf(job: Pick<CatalogueImport, "summary">): ImportSummary | null {
  return "applied" in job.summary ? (job.summary as ImportSummary) : null;
}

/**
 * Picks up the jobs a stopped shop left: queued ones, and, on the embedded database (one process only, so nobody
 * else can be running them), running ones too, which the stop undid (an import applies in one transaction).
 */
export async function resumeCatalogueImports(deps: AppDeps): Promise<void> {
  const statuses: ImportStatus[] = deps.database.kind === "pglite" ? ["queued", "running"] : ["queued"];
  const left = await deps.db
    .select({ id: catalogueImports.id, storeId: catalogueImports.storeId, actorLabel: catalogueImports.actorLabel })
    .from(catalogueImports)
    .where(inArray(catalogueImports.status, statuses))
    .orderBy(catalogueImports.id);
  if (left.length === 0) return;
  await deps.db.update(catalogueImports).set({ status: "queued" }).where(inArray(catalogueImports.id, left.map((job) => job.id)));
  const jobs = await Promise.all(left.map(async (job) => ({ id: job.id, actor: await actorOf(deps, job.storeId, job.actorLabel) })));
  await startImports(deps, jobs);
}

/** Who queued a job, from the label it keeps: a staff member by email, else a token by name, else the label alone. */
async function actorOf(deps: AppDeps, storeId: string, label: string): Promise<AuditActor> {
  const [member] = await deps.db.select({ id: staff.id }).from(staff).where(and(eq(staff.storeId, storeId), eq(staff.email, label)));
  if (member) return { storeId, kind: "staff", id: member.id, label };
  const [token] = await deps.db.select({ id: apiTokens.id }).from(apiTokens).where(and(eq(apiTokens.storeId, storeId), eq(apiTokens.name, label)));
  if (token) return { storeId, kind: "token", id: token.id, label };
  return { storeId, kind: "command", id: null, label };
}

export type ImportJobData = { id: number; actor: AuditActor };
export const CATALOGUE_IMPORT_JOB = "catalogue-import";

/** The `catalogue-import` job: a retry means the instance running it died, and its transaction with it, so it runs again. */
export function runQueuedCatalogueImport(deps: AppDeps, data: ImportJobData, retryCount: number): Promise<void> {
  return runCatalogueImport(deps, data.id, data.actor, { retake: retryCount > 0 });
}

/**
 * Sends the jobs to the queue, or runs them here without one; `finished` settles when they have all ended. From the
 * queue it is watched only once awaited: the API answers 202 at once and never waits.
 */
async function startImports(deps: AppDeps, jobs: ImportJobData[]): Promise<{ finished: PromiseLike<void> }> {
  const queue = deps.jobs;
  if (!queue) return { finished: runImportsInProcess(deps, jobs) };
  for (const job of jobs) await queue.send(CATALOGUE_IMPORT_JOB, job);
  let watching: Promise<void> | undefined;
  const watch = () => (watching ??= Promise.all(jobs.map((job) => importEnded(deps, job.id))).then(() => undefined));
  return { finished: { then: (onEnded, onFailed) => watch().then(onEnded, onFailed) } };
}

const ENDED_POLL_MS = 200;

/** Whichever instance runs it, a job has ended when its row says so; a database gone away ends the watch too. */
async function importEnded(deps: AppDeps, id: number): Promise<void> {
  for (;;) {
    const row = await deps.db
      .select({ status: catalogueImports.status })
      .from(catalogueImports)
      .where(eq(catalogueImports.id, id))
      .then(([found]) => found, () => undefined);
    if (!row || (row.status !== "queued" && row.status !== "running")) return;
    await new Promise((resolve) => setTimeout(resolve, ENDED_POLL_MS));
  }
}

/**
 * One chain of jobs per shop's database: imports run one after another, never two transactions over the same
 * products. Keyed by the database, not the deps, since each API request is handed its own copy of the deps.
 */
const chains = new WeakMap<AppDeps["db"], Promise<void>>();

function runImportsInProcess(deps: AppDeps, jobs: ImportJobData[]): Promise<void> {
  let chain = chains.get(deps.db) ?? Promise.resolve();
  for (const job of jobs) {
    chain = chain
      .then(() => runCatalogueImport(deps, job.id, job.actor))
      .catch((error: unknown) => logger.error({ err: error, importId: job.id }, "catalogue import could not be run"));
  }
  chains.set(deps.db, chain);
  return chain;
}

/** Runs one queued job to its end; a job another runner took first is left to it, unless `retake` (its runner died). */
export async function runCatalogueImport(deps: AppDeps, id: number, actor: AuditActor, options: { retake?: boolean } = {}): Promise<void> {
  const claimable: ImportStatus[] = options.retake ? ["queued", "running"] : ["queued"];
  const [job] = await deps.db
    .update(catalogueImports)
    .set({ status: "running" })
    .where(and(eq(catalogueImports.id, id), inArray(catalogueImports.status, claimable)))
    .returning();
  if (!job) return;
  // Progress is written beside the import's transaction, never awaited inside it: on the embedded database that
  // one connection is the transaction's until it ends, and the writes then land in order after it.
  let progress = Promise.resolve();
  const onProgress = (processedRows: number) => {
    progress = progress.then(async () => {
      await deps.db.update(catalogueImports).set({ processedRows }).where(eq(catalogueImports.id, id));
    });
  };
  let finish: Partial<CatalogueImport>;
  try {
    const outcome = await importShopifyCsv(deps, actor, job.csv, { dryRun: job.dryRun, importId: id, onProgress });
    finish = {
      status: outcome.problems.length > 0 && !job.dryRun ? "failed" : "succeeded",
      summary: outcome.summary,
      problems: outcome.problems,
      processedRows: outcome.totalRows,
    };
  } catch (error) {
    const problem: CsvProblem =
      error instanceof CsvFileError || isRefusal(error)
        ? { row: 1, column: "", message: error.message }
        : { row: 1, column: "", message: IMPORT_CRASHED_MESSAGE };
    if (!(error instanceof CsvFileError)) logger.error({ err: error, importId: id }, "catalogue import failed");
    finish = { status: "failed", problems: [problem] };
  }
  await progress.catch(() => undefined);
  await deps.db
    .update(catalogueImports)
    .set({ ...finish, finishedAt: sql`now()` })
    .where(eq(catalogueImports.id, id));
}
