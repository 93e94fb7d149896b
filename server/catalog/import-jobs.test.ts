/**
 * The import job runner: a job queued when the shop stopped is run when it starts again (resumeCatalogueImports),
 * once, as the member who queued it; a dry run's checked file is applied from its job; a running job's progress.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { auditEvents, catalogueImports, products } from "../db/schema";
import { createStaff } from "../staff/accounts";
import { commandLineActor } from "../audit/audit";
import { applyCheckedImport, getCatalogueImport, queueCatalogueImport, resumeCatalogueImports } from "./import-jobs";

const CSV = readFileSync(path.join(import.meta.dirname, "shopify-csv/fixtures/shopify-export.csv"), "utf8").replace(/https:\/\/cdn\.shopify\.com[^,]*/g, "");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.deps.db, commandLineActor(t.deps.storeId), { email: "owner@example.com", name: "Olive Owner", password: "a long owner passphrase", role: "owner" });
});
afterAll(async () => {
  await t?.database.dispose();
});

async function settled(id: number) {
  for (;;) {
    const job = await getCatalogueImport(t.deps, t.deps.storeId, id);
    if (job.status === "succeeded" || job.status === "failed") return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("catalogue import jobs", () => {
  it("runs a job left queued by a stopped shop when it starts again, as the member who queued it", async () => {
    const [left] = await t.deps.db
      .insert(catalogueImports)
      .values({ storeId: t.deps.storeId, dryRun: false, csv: CSV, totalRows: 8, actorLabel: "owner@example.com" })
      .returning();
    await resumeCatalogueImports(t.deps);
    const job = await settled(left.id);
    expect(job).toMatchObject({ status: "succeeded", processedRows: 8, problems: [] });
    expect(job.summary).toMatchObject({ applied: true, products_created: 3 });
    expect(job.finishedAt).not.toBeNull();
    const [event] = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, "catalogue.import"));
    expect(event).toMatchObject({ actorKind: "staff", actorLabel: "owner@example.com", entityId: String(left.id) });
    // Resuming again finds nothing left to do: the job ran once.
    await resumeCatalogueImports(t.deps);
    expect(await t.deps.db.select().from(products).where(eq(products.handle, "merino-tee"))).toHaveLength(1);
  });

  it("applies a checked file from its job, and refuses to apply one that was not checked clean", async () => {
    const actor = commandLineActor(t.deps.storeId);
    const renamed = CSV.replaceAll("paper-filters", "paper-filters-large").replace("IMP-FILTER-100", "IMP-FILTER-200");
    const checked = await queueCatalogueImport(t.deps, actor, { csv: renamed, fileName: "more.csv", dryRun: true });
    await checked.finished;
    expect((await settled(checked.job.id)).summary).toMatchObject({ applied: false, products_created: 1, products_updated: 2 });
    const applied = await applyCheckedImport(t.deps, actor, checked.job.id);
    await applied.finished;
    expect(await settled(applied.job.id)).toMatchObject({ status: "succeeded", dryRun: false, fileName: "more.csv" });
    expect(await t.deps.db.select().from(products).where(eq(products.handle, "paper-filters-large"))).toHaveLength(1);
    await expect(applyCheckedImport(t.deps, actor, applied.job.id)).rejects.toThrow("Only a checked file without problems");
  });
});
