/**
 * Moving in from Shopify (permission `catalogue`): a product CSV posted as the body (text/csv) becomes an import job,
 * answered at once with 202 and its address, whatever the file's size, so a client has one way to follow every
 * import: GET /products/imports/{id} until its status is succeeded or failed. The export answers the same format.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import {
  IMPORT_TOO_LARGE_MESSAGE,
  importAnswerSchema,
  importIdParamsSchema,
  importQuerySchema,
  MAX_IMPORT_BYTES,
  type ImportAnswer,
} from "../../core/schemas/admin-imports";
import { csvTextOf, getCatalogueImport, queueCatalogueImport, summaryOf, type CatalogueImport } from "../catalog/import-jobs";
import { exportShopifyCsv } from "../catalog/shopify-csv/export";
import type { AppEnv } from "../context";
import { adminUploadPaths, type LargeBodyRoute } from "../edge/body-limits";
import { HttpError } from "../http/errors";
import { adminOperation, iso, isoOrNull } from "./admin-operation";
import { BAD_INPUT, csv, csvDownload, errors, json, numberParam, queryOf, register } from "./operation";

const importProducts = adminOperation("catalogue", {
  method: "post",
  path: "/products/import",
  summary: "Import Shopify's product CSV as a job: dry_run=true checks it and counts what it would change; false applies it whole or not at all",
  request: {
    query: importQuerySchema,
    body: { required: true, content: { "text/csv": { schema: z.string().describe("Shopify's product CSV, UTF-8") } } },
  },
  responses: {
    202: json(importAnswerSchema, "The job, queued: follow it at the Location given"),
    ...errors({ 400: "Not a CSV file, no Handle column, or only a header; or a bad query" }),
  },
});

const readImport = adminOperation("catalogue", {
  method: "get",
  path: "/products/imports/{id}",
  summary: "An import's status and progress; once done, what it created and updated (or would) and every problem by row and column",
  request: { params: importIdParamsSchema },
  responses: { 200: json(importAnswerSchema, "The import"), ...errors({ 400: BAD_INPUT, 404: "No import with this id in this store" }) },
});

const exportProducts = adminOperation("catalogue", {
  method: "get",
  path: "/products/export",
  summary: "Every product as Shopify's product CSV (the import's format): one row per variant, extra rows for extra pictures",
  responses: { 200: csv("The products, with a header row") },
});

const idOf = numberParam(importIdParamsSchema, "id");

export function importAnswer(job: CatalogueImport): ImportAnswer {
  return {
    import: {
      id: job.id,
      status: job.status,
      dry_run: job.dryRun,
      file_name: job.fileName,
      total_rows: job.totalRows,
      processed_rows: job.processedRows,
      summary: summaryOf(job),
      problems: job.problems,
      created_at: iso(job.createdAt),
      finished_at: isoOrNull(job.finishedAt),
    },
  };
}

/**
 * The import, larger than the app's 64 KB for a caller its gate lets in (server/edge/body-limits.ts): the API's
 * CSV and the Import screen's form, which carries the file and a little more.
 */
export const catalogueImportUpload: LargeBodyRoute = {
  paths: adminUploadPaths("products/import", "products/import"),
  access: "catalogue",
  maxSize: MAX_IMPORT_BYTES + 64 * 1024,
  message: IMPORT_TOO_LARGE_MESSAGE,
};

/** The posted file as text: a CSV by its type, at most MAX_IMPORT_BYTES. */
async function csvBody(c: Context<AppEnv>): Promise<string> {
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "text/csv") throw new HttpError(400, "Send the file as text/csv", "content-type");
  const bytes = await c.req.arrayBuffer();
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw new HttpError(413, IMPORT_TOO_LARGE_MESSAGE);
  return csvTextOf(bytes);
}

export function adminImportsRoutes() {
  const routes = new OpenAPIHono<AppEnv>();

  register(routes, importProducts, async (c) => {
    const query = queryOf(c, importProducts);
    const csv = await csvBody(c);
    const { job } = await queueCatalogueImport(c.var.deps, c.var.staffActor, {
      csv,
      fileName: query.file_name ?? "",
      dryRun: query.dry_run === "true",
    });
    c.header("Location", `/api/admin/products/imports/${job.id}`);
    return c.json(importAnswer(job), 202);
  });

  register(routes, readImport, async (c) => {
    return c.json(importAnswer(await getCatalogueImport(c.var.deps, c.var.deps.storeId, idOf(c))));
  });

  register(routes, exportProducts, async (c) => {
    return csvDownload(c, "products.csv", exportShopifyCsv(c.var.deps.db, c.var.deps.storeId, c.var.deps.config.publicUrl));
  });

  return routes;
}
