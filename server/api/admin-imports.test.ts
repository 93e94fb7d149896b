/**
 * The import and export over HTTP: a CSV posted as text/csv becomes a job (202, its address), followed to its end;
 * files that are not Shopify's product CSV are refused before any job; the export downloads as products.csv; only
 * roles with the catalogue permission get in.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_TOO_LARGE_MESSAGE, MAX_IMPORT_BYTES, type ImportAnswer } from "../../core/schemas/admin-imports";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { tokenHeaders } from "../../tests/support/api-tokens";
import { generatedShopifyExport, seededRandom } from "../../tests/support/generated-catalogue";
import { auditEvents, catalogueImports, products } from "../db/schema";
import { BODY_TOO_LARGE_MESSAGE } from "../edge/body-limits";

const FIXTURE = readFileSync(path.join(import.meta.dirname, "../catalog/shopify-csv/fixtures/shopify-export.csv"), "utf8");
/** The fixture without its pictures: this file tests the HTTP face, import.test.ts the pictures. */
const NO_PICTURES = FIXTURE.replace(/https:\/\/cdn\.shopify\.com[^,]*/g, "");

let t: TestApp;
let manager: Record<string, string>;
let fulfilment: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://shop.example.com" });
  manager = await tokenHeaders(t, "manager", "catalogue script");
  fulfilment = await tokenHeaders(t, "fulfilment", "packing bench");
});
afterAll(async () => {
  await t.database.dispose();
});

const post = (csv: string, query: string, headers = manager, type = "text/csv") =>
  t.call("POST", `/api/admin/products/import?${query}`, csv, { ...headers, "content-type": type });

/** Follows a job as a client would, until it is done. */
async function finished(location: string): Promise<ImportAnswer["import"]> {
  for (;;) {
    const response = await t.call("GET", location, undefined, manager);
    expect(response.status).toBe(200);
    const { import: job } = (await response.json()) as ImportAnswer;
    if (job.status === "succeeded" || job.status === "failed") return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("/api/admin/products/import and /export", () => {
  it("answers 401 without a session or token and 403 to a role without the catalogue", async () => {
    for (const [method, where] of [
      ["POST", "/api/admin/products/import?dry_run=true"],
      ["GET", "/api/admin/products/imports/1"],
      ["GET", "/api/admin/products/export"],
    ]) {
      expect((await t.call(method, where, method === "POST" ? "Handle\n" : undefined, { "content-type": "text/csv" })).status).toBe(401);
      expect((await t.call(method, where, method === "POST" ? "Handle\n" : undefined, { ...fulfilment, "content-type": "text/csv" })).status).toBe(403);
    }
  });

  it("checks a file as a job, then imports it, each answered 202 with the job's address", async () => {
    const checked = await post(NO_PICTURES, "dry_run=true&file_name=products_export.csv");
    expect(checked.status).toBe(202);
    const queued = ((await checked.json()) as ImportAnswer).import;
    expect(queued).toMatchObject({ status: "queued", dry_run: true, file_name: "products_export.csv", total_rows: 8, summary: null, problems: [] });
    expect(checked.headers.get("location")).toBe(`/api/admin/products/imports/${queued.id}`);
    const check = await finished(checked.headers.get("location")!);
    expect(check).toMatchObject({ status: "succeeded", processed_rows: 8, problems: [] });
    expect(check.summary).toMatchObject({ applied: false, products_created: 3, variants_created: 7 });
    expect(check.finished_at).not.toBeNull();
    expect(await t.deps.db.select().from(products).where(eq(products.handle, "merino-tee"))).toEqual([]);

    const applied = await post(NO_PICTURES, "dry_run=false");
    expect(applied.status).toBe(202);
    const done = await finished(applied.headers.get("location")!);
    expect(done).toMatchObject({ status: "succeeded", dry_run: false, problems: [] });
    expect(done.summary).toMatchObject({ applied: true, products_created: 3, variants_created: 7, pictures: 0 });
    expect(await t.deps.db.select().from(products).where(eq(products.handle, "merino-tee"))).toHaveLength(1);
    const [event] = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, "catalogue.import"));
    expect(event).toMatchObject({ actorKind: "token", actorLabel: "catalogue script", entity: "catalogue_import", entityId: String(done.id) });
  });

  it("marks an applied file with problems failed, with its problems, and imports none of it", async () => {
    const response = await post(NO_PICTURES.replace("24.99", "about 25"), "dry_run=false");
    const job = await finished(response.headers.get("location")!);
    expect(job.status).toBe("failed");
    expect(job.summary?.applied).toBe(false);
    expect(job.problems).toEqual([{ row: 5, column: "Variant Price", message: "Price about 25 is not a number (write it as 24.00)" }]);
  });

  it("refuses, before any job, a body that is not CSV, a CSV without a Handle column, a header alone, and a bad query", async () => {
    const jobs = (await t.deps.db.select().from(catalogueImports)).length;
    const refusal = async (response: Response) => ({ status: response.status, body: await response.json() });
    expect(await refusal(await post(NO_PICTURES, "dry_run=true", manager, "application/json"))).toEqual({
      status: 400,
      body: { error: "Send the file as text/csv", field: "content-type" },
    });
    expect(await refusal(await post("Name,Price\nKettle,12.00\n", "dry_run=true"))).toMatchObject({ status: 400, body: { field: "file" } });
    expect(await refusal(await post('Handle,Title\n"unclosed,x\n', "dry_run=true"))).toMatchObject({ status: 400, body: { field: "file" } });
    expect(await refusal(await post("Handle,Title\n", "dry_run=true"))).toMatchObject({ status: 400, body: { error: "The file has no products: only a header row" } });
    expect(await refusal(await post(NO_PICTURES, "dry_run=maybe"))).toMatchObject({ status: 400, body: { field: "dry_run" } });
    // Saved by a spreadsheet in Windows-1252: "Café" is not UTF-8.
    const latin1 = Uint8Array.from([...Buffer.from("Handle,Title\ncafe-mug,Caf"), 0xe9, 0x0a]);
    const garbled = await t.app.request("http://localhost/api/admin/products/import?dry_run=true", {
      method: "POST",
      headers: { ...manager, "content-type": "text/csv" },
      body: latin1,
    });
    expect(await refusal(garbled)).toMatchObject({ status: 400, body: { field: "file" } });
    expect((await t.deps.db.select().from(catalogueImports)).length).toBe(jobs);
    expect((await t.call("GET", "/api/admin/products/imports/999999", undefined, manager)).status).toBe(404);
  });

  it("downloads every product as products.csv in Shopify's format", async () => {
    const response = await t.call("GET", "/api/admin/products/export", undefined, manager);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="products.csv"');
    const lines = (await response.text()).split("\r\n");
    expect(lines[0].split(",")).toHaveLength(35);
    expect(lines.some((line) => line.startsWith("merino-tee,,,,,,,,,M,,Blue,,,IMP-TEE-M-BLUE,190,shopify,12,deny,manual,24.99,"))).toBe(true);
  });
});

describe("a Shopify export larger than the app's 64 KB", () => {
  // Over 1 MB: 110 products with long descriptions (some 10 KB each), as few as the test can afford to import.
  const EXPORT = generatedShopifyExport(110, seededRandom(31), { paragraphs: 64 });
  const generated = () => t.deps.db.select({ id: products.id }).from(products).where(like(products.handle, "generated-export-%"));

  it("is taken from a role with the catalogue and imported whole", async () => {
    expect(Buffer.byteLength(EXPORT)).toBeGreaterThan(1024 * 1024);
    const response = await post(EXPORT, "dry_run=false&file_name=products_export.csv");
    expect(response.status).toBe(202);
    const done = await finished(response.headers.get("location")!);
    expect(done).toMatchObject({ status: "succeeded", total_rows: 110, problems: [] });
    expect(done.summary).toMatchObject({ applied: true, products_created: 110, variants_created: 110 });
    expect(await generated()).toHaveLength(110);
  });

  it("is refused over 20 MB with a 413 naming 20 MB, and no job", async () => {
    const jobs = (await t.deps.db.select().from(catalogueImports)).length;
    // Past the limit the body streams in against, and past the file's own limit below it (room for a form's fields).
    for (const bytes of [21 * 1024 * 1024, MAX_IMPORT_BYTES + 1]) {
      const response = await post("x".repeat(bytes), "dry_run=true");
      expect([response.status, await response.json()]).toEqual([413, { error: IMPORT_TOO_LARGE_MESSAGE }]);
    }
    expect((await t.deps.db.select().from(catalogueImports)).length).toBe(jobs);
  });

  it("gives no more than 64 KB to a caller without a sign-in or without the catalogue", async () => {
    for (const headers of [{}, fulfilment]) {
      const response = await post(EXPORT, "dry_run=true", headers);
      expect([response.status, await response.json()]).toEqual([413, { error: BODY_TOO_LARGE_MESSAGE }]);
    }
  });
});
