/** Payloads of the admin API's Shopify product CSV import and export (/api/admin/products/import, /export). */
import { z } from "zod";
import { recordIdParam } from "./record-id";

export const IMPORT_STATUSES = ["queued", "running", "succeeded", "failed"] as const;

/** The most a CSV upload may hold: some 50,000 variant rows of Shopify's export. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const IMPORT_TOO_LARGE_MESSAGE = "The file is larger than 20 MB";

export const importQuerySchema = z.object({
  dry_run: z.enum(["true", "false"], { error: "dry_run must be true or false" }).describe("true: only check the file and count what it would change"),
  file_name: z.string().max(255, "file_name is too long").optional().describe("The file's name, shown in the admin"),
});

export const importIdParamsSchema = z.object({ id: recordIdParam("id must be an import id") });

const problemSchema = z.object({
  row: z.number().int().describe("The row as a spreadsheet numbers it: 1 is the header"),
  column: z.string(),
  message: z.string(),
});

export const importSummarySchema = z.object({
  applied: z.boolean().describe("true once the file's products are saved; a dry run or a file with problems changes nothing"),
  products_created: z.number().int(),
  products_updated: z.number().int(),
  variants_created: z.number().int(),
  variants_updated: z.number().int(),
  variants_removed: z.number().int().describe("Variants of updated products the file leaves out"),
  pictures: z.number().int().describe("Pictures to fetch (dry run) or added"),
  pictures_failed: z.number().int(),
  notices: z.array(problemSchema).describe("Unknown columns, SKUs made for variants without one, pictures not fetched: the import went on"),
});

export const importAnswerSchema = z.object({
  import: z.object({
    id: z.number().int(),
    status: z.enum(IMPORT_STATUSES),
    dry_run: z.boolean(),
    file_name: z.string(),
    total_rows: z.number().int(),
    processed_rows: z.number().int(),
    summary: importSummarySchema.nullable().describe("null until the job has run"),
    problems: z.array(problemSchema).describe("What stops the file: fix these and upload it again"),
    created_at: z.string().describe("ISO 8601"),
    finished_at: z.string().nullable(),
  }),
});

export type ImportAnswer = z.infer<typeof importAnswerSchema>;
