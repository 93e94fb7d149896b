/**
 * Reading Shopify's product CSV into the shop's one product shape (ProductInput), without the database: every row
 * grouped under its Handle, each product validated by productInputSchema, and each problem said where a spreadsheet
 * shows it (row 1 is the header) with the column to fix.
 */
import { parse } from "csv-parse/sync";
import type { z } from "zod";
import { MAX_PRODUCT_OPTIONS } from "../../../core/catalog-admin";
import { productInputSchema, type ProductInput } from "../../../core/schemas/admin-catalogue";
import { unguardCsvCell } from "../../http/csv";
import { MAX_ALT_TEXT_LENGTH } from "../product-pictures";
import {
  NO_OPTIONS_NAME,
  NO_OPTIONS_VALUE,
  OPTION_NAME_COLUMNS,
  OPTION_VALUE_COLUMNS,
  SHOPIFY_COLUMNS,
  type CsvProblem,
  type ShopifyColumn,
} from "./columns";

/** The file is not a CSV the import can read at all (refused with a 400, before any job). */
export class CsvFileError extends Error {}

export type CsvRow = { row: number; cell: (column: ShopifyColumn) => string };

export type ParsedCsv = {
  rows: CsvRow[];
  /** Columns past the third option ("Option4 Name"): Shopify has none, and neither has the shop. */
  extraOptionColumns: { name: string; index: number }[];
  cellAt: (row: CsvRow, index: number) => string;
  /** Columns the import does not know, ignored. */
  notices: CsvProblem[];
};

const KNOWN = new Set<string>(SHOPIFY_COLUMNS);
const EXTRA_OPTION = /^Option(\d+) (Name|Value)$/;

/** Splits the file into rows by the header's column names. Throws CsvFileError for a file that is not such a CSV. */
export function parseShopifyCsv(text: string): ParsedCsv {
  if (text.includes("\u0000")) throw new CsvFileError("The file is not a CSV file (it holds binary data)");
  let records: string[][];
  try {
    // A file the shop exported has its formula-like cells guarded (server/orders/csv.ts): read them as they were.
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false, cast: unguardCsvCell }) as string[][];
  } catch (error) {
    throw new CsvFileError(`The file is not a readable CSV file: ${(error as Error).message}`);
  }
  const header = (records[0] ?? []).map((name) => name.trim());
  if (!header.includes("Handle")) throw new CsvFileError("The file has no Handle column: export your products from Shopify as CSV and upload that file");
  const indexOf = new Map<string, number>();
  header.forEach((name, index) => {
    if (!indexOf.has(name)) indexOf.set(name, index);
  });
  const notices: CsvProblem[] = [];
  const extraOptionColumns: ParsedCsv["extraOptionColumns"] = [];
  header.forEach((name, index) => {
    const option = EXTRA_OPTION.exec(name);
    if (option && Number(option[1]) > MAX_PRODUCT_OPTIONS) extraOptionColumns.push({ name, index });
    else if (name !== "" && !KNOWN.has(name)) notices.push({ row: 1, column: name, message: "Unknown column, ignored" });
  });
  const cellAt = (row: CsvRow, index: number) => (records[row.row - 1][index] ?? "").trim();
  const rows: CsvRow[] = [];
  for (let i = 1; i < records.length; i++) {
    const record = records[i];
    if (record.every((value) => value.trim() === "")) continue;
    rows.push({
      row: i + 1,
      cell: (column) => {
        const index = indexOf.get(column);
        return index === undefined ? "" : (record[index] ?? "").trim();
      },
    });
  }
  return { rows, extraOptionColumns, cellAt, notices };
}

/** A picture the file names for a product, in the product's order. */
export type PlannedPicture = { url: string; altText: string; row: number; column: "Image Src" | "Variant Image" };

export type ReadProduct = {
  handle: string;
  /** The product's first row. */
  row: number;
  input: ProductInput;
  /** The row of each variant, in input.variants' order. */
  variantRows: number[];
  pictures: PlannedPicture[];
  /** A variant's own picture, by SKU: one of `pictures`' urls. */
  variantPictures: { sku: string; url: string }[];
};

/** What a batch of the file's products reads as: the valid products, and the problems and notices of its rows. */
export type ReadBatch = { products: ReadProduct[]; problems: CsvProblem[]; notices: CsvProblem[] };

/** A file read row by row, its products handed out a batch at a time, each read only when it is asked for. */
export type ShopifyFile = {
  totalRows: number;
  /** The header's: unknown columns. */
  notices: CsvProblem[];
  /** Every product of the file in batches of at most `size`, in the file's order; the first batch has the rows' own problems. */
  batches(size: number): Generator<ReadBatch>;
};

const PRICE = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/** "24.00" as 2400 cents, read from its digits (no float arithmetic); null for anything not a price. */
export function centsOf(text: string): number | null {
  const match = PRICE.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

const PRODUCT_FIELD_COLUMNS: Record<string, ShopifyColumn> = {
  handle: "Handle",
  title: "Title",
  description_html: "Body (HTML)",
  status: "Status",
  vendor: "Vendor",
  product_type: "Type",
  tags: "Tags",
  seo_title: "SEO Title",
  seo_description: "SEO Description",
};

const VARIANT_FIELD_COLUMNS: Record<string, ShopifyColumn> = {
  sku: "Variant SKU",
  price_cents: "Variant Price",
  compare_at_price_cents: "Variant Compare At Price",
  stock: "Variant Inventory Qty",
  weight_grams: "Variant Grams",
};

/** Where a productInputSchema issue points in the file. */
function placeOf(issue: z.core.$ZodIssue, product: { row: number; variantRows: number[] }): { row: number; column: string } {
  const [field, index, variantField, valueIndex] = issue.path;
  if (field === "options") return { row: product.row, column: OPTION_NAME_COLUMNS[typeof index === "number" ? index : 0] ?? "Option1 Name" };
  if (field === "variants" && typeof index === "number") {
    const row = product.variantRows[index] ?? product.row;
    if (variantField === "option_values") return { row, column: OPTION_VALUE_COLUMNS[typeof valueIndex === "number" ? valueIndex : 0] };
    return { row, column: VARIANT_FIELD_COLUMNS[String(variantField)] ?? "Variant SKU" };
  }
  if (field === "variants") return { row: product.row, column: "Handle" };
  return { row: product.row, column: PRODUCT_FIELD_COLUMNS[String(field)] ?? "Handle" };
}

function statusOf(first: CsvRow): string {
  const status = first.cell("Status").toLowerCase();
  if (status) return status;
  const published = first.cell("Published").toLowerCase();
  return published === "true" ? "active" : "draft";
}

/**
 * Reads the file's rows under their handles; each batch of products is read when asked for. Problems stop the import;
 * notices (unknown columns, a made-up SKU) do not. Throws CsvFileError for a file that is not such a CSV.
 */
export function readShopifyCsv(text: string): ShopifyFile {
  const parsed = parseShopifyCsv(text);
  const rowProblems: CsvProblem[] = [];
  const groups = new Map<string, CsvRow[]>();
  for (const row of parsed.rows) {
    const handle = row.cell("Handle").toLowerCase();
    if (!handle) {
      rowProblems.push({ row: row.row, column: "Handle", message: "Handle is required" });
      continue;
    }
    for (const extra of parsed.extraOptionColumns) {
      if (parsed.cellAt(row, extra.index)) rowProblems.push({ row: row.row, column: extra.name, message: `A product has at most ${MAX_PRODUCT_OPTIONS} options` });
    }
    const group = groups.get(handle);
    if (group) group.push(row);
    else groups.set(handle, [row]);
  }

  function* batches(size: number): Generator<ReadBatch> {
    // A SKU is the file's once: another product's row naming it again is a problem wherever it is.
    const skuRows = new Map<string, { row: number; handle: string }>();
    let batch: ReadBatch = { products: [], problems: [...rowProblems], notices: [] };
    let read = 0;
    for (const [handle, rows] of groups) {
      const { valid, product } = readProduct(handle, rows, batch.problems, batch.notices);
      for (const [index, variant] of product.input.variants.entries()) {
        const key = variant.sku.toUpperCase();
        const earlier = skuRows.get(key);
        if (earlier && earlier.handle !== handle) {
          batch.problems.push({ row: product.variantRows[index], column: "Variant SKU", message: `SKU ${variant.sku} is also on row ${earlier.row} (${earlier.handle})` });
        } else if (!earlier) skuRows.set(key, { row: product.variantRows[index], handle });
      }
      if (valid) batch.products.push(product);
      if (++read % size === 0) {
        yield batch;
        batch = { products: [], problems: [], notices: [] };
      }
    }
    if (read % size !== 0 || read === 0) yield batch;
  }

  return { totalRows: parsed.rows.length, notices: parsed.notices, batches };
}

function readProduct(handle: string, rows: CsvRow[], problems: CsvProblem[], notices: CsvProblem[]) {
  const [first] = rows;
  const reported = new Set<string>();
  const report = (row: number, column: string, message: string) => {
    reported.add(`${row}|${column}`);
    problems.push({ row, column, message });
  };

  const names = OPTION_NAME_COLUMNS.map((column) => first.cell(column));
  while (names.length > 0 && names[names.length - 1] === "") names.pop();
  names.forEach((name, index) => {
    if (!name) report(first.row, OPTION_NAME_COLUMNS[index], `${OPTION_NAME_COLUMNS[index]} is missing while ${OPTION_NAME_COLUMNS[index + 1]} is set`);
  });
  const variantRows = rows.filter(
    (row, index) => index === 0 || ["Option1 Value", "Option2 Value", "Option3 Value", "Variant SKU", "Variant Price"].some((column) => row.cell(column as ShopifyColumn)),
  );
  const withoutOptions =
    names.length === 1 && names[0] === NO_OPTIONS_NAME && variantRows.every((row) => [NO_OPTIONS_VALUE, ""].includes(row.cell("Option1 Value")));
  const options = withoutOptions ? [] : names;

  const variants = variantRows.map((row, index) => {
    OPTION_VALUE_COLUMNS.forEach((column, optionIndex) => {
      const value = row.cell(column);
      if (value && !options[optionIndex] && !(withoutOptions && optionIndex === 0)) {
        report(row.row, column, `Option value ${value} has no option name (${OPTION_NAME_COLUMNS[optionIndex]} on row ${first.row})`);
      }
    });
    let sku = row.cell("Variant SKU");
    if (!sku) {
      sku = `${handle}-${index + 1}`.toUpperCase().slice(-64);
      notices.push({ row: row.row, column: "Variant SKU", message: `No SKU: the variant is given ${sku}` });
    }
    const priceText = row.cell("Variant Price");
    const price = centsOf(priceText);
    if (!priceText) report(row.row, "Variant Price", "Price is required");
    else if (price === null) report(row.row, "Variant Price", `Price ${priceText} is not a number (write it as 24.00)`);
    const compareText = row.cell("Variant Compare At Price");
    const compareAt = compareText ? centsOf(compareText) : null;
    if (compareText && compareAt === null) report(row.row, "Variant Compare At Price", `Compare-at price ${compareText} is not a number`);
    const gramsText = row.cell("Variant Grams");
    const grams = gramsText === "" ? null : Number(gramsText);
    if (grams !== null && !(Number.isFinite(grams) && grams >= 0)) report(row.row, "Variant Grams", `Grams ${gramsText} is not a number`);
    const quantityText = row.cell("Variant Inventory Qty");
    let stock: number | undefined = quantityText === "" ? undefined : Number(quantityText);
    if (stock !== undefined && !Number.isInteger(stock)) report(row.row, "Variant Inventory Qty", `Inventory quantity ${quantityText} is not a whole number`);
    else if (stock !== undefined && stock < 0) {
      notices.push({ row: row.row, column: "Variant Inventory Qty", message: `Inventory quantity ${stock} is read as 0` });
      stock = 0;
    }
    return {
      sku,
      option_values: withoutOptions ? [] : options.map((_, optionIndex) => row.cell(OPTION_VALUE_COLUMNS[optionIndex])),
      price_cents: price ?? Number.NaN,
      compare_at_price_cents: compareAt ?? null,
      stock,
      weight_grams: grams === null || !Number.isFinite(grams) ? null : Math.round(grams),
    };
  });

  const title = first.cell("Title");
  const pictures = rows
    .filter((row) => row.cell("Image Src"))
    .map((row, order) => ({ row, order, position: Number.parseInt(row.cell("Image Position"), 10) }))
    .sort((a, b) => (Number.isNaN(a.position) ? a.order : a.position) - (Number.isNaN(b.position) ? b.order : b.position) || a.order - b.order)
    .map(({ row }): PlannedPicture => ({ url: row.cell("Image Src"), altText: row.cell("Image Alt Text"), row: row.row, column: "Image Src" }));
  for (const picture of pictures) {
    if (picture.altText.length > MAX_ALT_TEXT_LENGTH) report(picture.row, "Image Alt Text", `Alt text must be at most ${MAX_ALT_TEXT_LENGTH} characters`);
  }
  const variantPictures: ReadProduct["variantPictures"] = [];
  variantRows.forEach((row, index) => {
    const url = row.cell("Variant Image");
    if (!url) return;
    if (!pictures.some((picture) => picture.url === url)) pictures.push({ url, altText: "", row: row.row, column: "Variant Image" });
    variantPictures.push({ sku: variants[index].sku, url });
  });

  const raw = {
    handle,
    title,
    description_html: first.cell("Body (HTML)"),
    status: statusOf(first),
    vendor: first.cell("Vendor"),
    product_type: first.cell("Type"),
    tags: first
      .cell("Tags")
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
    seo_title: first.cell("SEO Title"),
    seo_description: first.cell("SEO Description"),
    options,
    variants,
  };
  const place = { row: first.row, variantRows: variantRows.map((row) => row.row) };
  const checked = productInputSchema.safeParse(raw);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const { row, column } = placeOf(issue, place);
      if (!reported.has(`${row}|${column}`)) report(row, column, issue.message);
    }
  }
  const valid = checked.success && reported.size === 0;
  const product: ReadProduct = {
    handle,
    row: first.row,
    input: checked.success ? checked.data : (raw as unknown as ProductInput),
    variantRows: place.variantRows,
    pictures: pictures.map((picture) => ({ ...picture, altText: picture.altText || title })),
    variantPictures,
  };
  return { valid, product };
}
