/**
 * The CSV files the back office downloads, opened as a spreadsheet opens them: a product titled like a formula and a
 * customer named to split into a formula cell where the spreadsheet's separator is ; come out as text, guarded and
 * quoted; the product export still imports back to the same title.
 */
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportAnswer } from "../../core/schemas/admin-imports";
import { tokenHeaders } from "../../tests/support/api-tokens";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { SKU, paidOrderBy } from "../../tests/support/checkout";
import { products, variants } from "../db/schema";

const EVIL_TITLE = '=HYPERLINK("http://evil","x")';
const EVIL_NAME = "Bob;=cmd|' /C calc'!A0;";
/** What a spreadsheet runs: a cell starting with one of these (OWASP). */
const FORMULA = /^[=+\-@\t\r]/;

let t: TestApp;
let manager: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://shop.example.com" });
  await t.deps.db.update(variants).set({ stock: 500 }).where(eq(variants.sku, SKU));
  manager = await tokenHeaders(t, "manager", "exports");
});
afterAll(async () => {
  await t.database.dispose();
});

const download = async (path: string) => {
  const response = await t.call("GET", path, undefined, manager);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/csv");
  return response.text();
};

const cells = (csv: string) => parse(csv, { relax_column_count: true }) as string[][];

/**
 * The cells a spreadsheet whose separator is ; makes of the file: it splits at every ; and line break, the comma
 * file's quotes opening none of its cells, and still runs a cell that starts with a formula after a quote.
 */
const semicolonCells = (csv: string) => csv.split(/[;\r\n]/).map((cell) => cell.replace(/^"/, ""));

const runnable = (cells: string[]) => cells.filter((cell) => FORMULA.test(cell));

async function finished(location: string): Promise<ImportAnswer["import"]> {
  for (;;) {
    const { import: job } = (await (await t.call("GET", location, undefined, manager)).json()) as ImportAnswer;
    if (job.status === "succeeded" || job.status === "failed") return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("CSV exports", () => {
  it("write a product titled as a formula guarded, and import it back with its title exactly", async () => {
    const created = await t.call(
      "POST",
      "/api/admin/products",
      {
        handle: "evil-lamp",
        title: EVIL_TITLE,
        description_html: "<p>Bright</p>",
        vendor: "+cmd|' /C calc'!A0",
        tags: ["-sale", "lighting"],
        options: [],
        variants: [{ sku: "EVIL-LAMP", option_values: [], price_cents: 500, stock: 3 }],
      },
      manager,
    );
    expect(created.status).toBe(201);

    const csv = await download("/api/admin/products/export");
    const rows = cells(csv);
    const header = rows[0];
    const lamp = rows.find((row) => row[header.indexOf("Handle")] === "evil-lamp")!;
    expect(lamp[header.indexOf("Title")]).toBe(`'${EVIL_TITLE}`);
    expect(lamp[header.indexOf("Vendor")]).toBe("'+cmd|' /C calc'!A0");
    expect(lamp[header.indexOf("Tags")]).toBe("'-sale, lighting");
    expect(runnable(rows.flat())).toEqual([]);
    expect(runnable(semicolonCells(csv))).toEqual([]);

    const imported = await t.call("POST", "/api/admin/products/import?dry_run=false", csv, { ...manager, "content-type": "text/csv" });
    expect(imported.status).toBe(202);
    expect(await finished(imported.headers.get("location")!)).toMatchObject({ status: "succeeded", problems: [] });
    const [product] = await t.deps.db.select().from(products).where(eq(products.handle, "evil-lamp"));
    expect(product).toMatchObject({ title: EVIL_TITLE, vendor: "+cmd|' /C calc'!A0", tags: ["-sale", "lighting"] });
    expect(await download("/api/admin/products/export")).toBe(csv);
  });

  it("write a customer's name holding separators quoted, with no cell a spreadsheet would run, whatever its separator", async () => {
    await paidOrderBy(t, { email: "bob@example.com", name: EVIL_NAME });
    const csv = await download("/api/admin/orders.csv?q=bob");
    expect(csv).toContain(`,"Bob;'=cmd|' /C calc'!A0;",bob@example.com,`);
    const rows = cells(csv);
    expect(rows).toHaveLength(2);
    expect(rows[1][rows[0].indexOf("customer_name")]).toBe("Bob;'=cmd|' /C calc'!A0;");
    expect(runnable(rows.flat())).toEqual([]);
    expect(runnable(semicolonCells(csv))).toEqual([]);
  });
});
