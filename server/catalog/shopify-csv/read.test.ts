/** Reading Shopify's product CSV without a database: prices to cents, options, status, made-up SKUs, limits. */
import { describe, expect, it } from "vitest";
import { SHOPIFY_COLUMNS } from "./columns";
import { centsOf, readShopifyCsv as readFile } from "./read";

type Row = Partial<Record<string, string>>;
const csvOf = (rows: Row[], extraColumns: string[] = []) => {
  const columns = [...SHOPIFY_COLUMNS, ...extraColumns];
  return [columns.join(","), ...rows.map((row) => columns.map((column) => JSON.stringify(row[column] ?? "")).join(","))].join("\r\n");
};

/** The whole file's reading, from batches of two products, so a product's problems and a SKU's are seen across batches. */
function readShopifyCsv(text: string) {
  const file = readFile(text);
  const batches = [...file.batches(2)];
  return {
    products: batches.flatMap((batch) => batch.products),
    problems: batches.flatMap((batch) => batch.problems).sort((a, b) => a.row - b.row),
    notices: [...file.notices, ...batches.flatMap((batch) => batch.notices)],
  };
}

describe("reading Shopify's product CSV", () => {
  it("reads prices from their digits, never through floating point", () => {
    expect(["24.00", "0.29", "1.1", "24", "19.99", "999999999.99"].map(centsOf)).toEqual([2400, 29, 110, 2400, 1999, 99_999_999_999]);
    expect(["", "1e3", "-1.00", "1,000.00", "2.999", "$5", "abc"].map(centsOf)).toEqual([null, null, null, null, null, null, null]);
  });

  it("reads Title / Default Title as a product without options, Published when there is no Status, and makes a SKU where there is none", () => {
    const { products, problems, notices } = readShopifyCsv(
      csvOf([{ Handle: "Plain-Mug", Title: "Plain Mug", Published: "TRUE", "Option1 Name": "Title", "Option1 Value": "Default Title", "Variant Price": "9.50", "Variant Inventory Qty": "-2" }]),
    );
    expect(problems).toEqual([]);
    expect(products[0].input).toMatchObject({
      handle: "plain-mug",
      status: "active",
      options: [],
      variants: [{ sku: "PLAIN-MUG-1", option_values: [], price_cents: 950, stock: 0 }],
    });
    expect(notices).toEqual([
      { row: 2, column: "Variant SKU", message: "No SKU: the variant is given PLAIN-MUG-1" },
      { row: 2, column: "Variant Inventory Qty", message: "Inventory quantity -2 is read as 0" },
    ]);
    expect(readShopifyCsv(csvOf([{ Handle: "a", Title: "A", Published: "FALSE", "Variant SKU": "A", "Variant Price": "1" }])).products[0].input.status).toBe("draft");
  });

  it("refuses a fourth option and an option name missing before the next", () => {
    const { problems } = readShopifyCsv(
      csvOf(
        [
          { Handle: "four", Title: "Four", "Option1 Name": "Size", "Option1 Value": "S", "Variant SKU": "F-1", "Variant Price": "1", "Option4 Name": "Fit", "Option4 Value": "Slim" },
          { Handle: "gap", Title: "Gap", "Option2 Name": "Colour", "Option1 Value": "S", "Option2 Value": "Red", "Variant SKU": "G-1", "Variant Price": "1" },
        ],
        ["Option4 Name", "Option4 Value"],
      ),
    );
    expect(problems).toEqual([
      { row: 2, column: "Option4 Name", message: "A product has at most 3 options" },
      { row: 2, column: "Option4 Value", message: "A product has at most 3 options" },
      { row: 3, column: "Option1 Name", message: "Option1 Name is missing while Option2 Name is set" },
      { row: 3, column: "Option1 Value", message: "Option value S has no option name (Option1 Name on row 3)" },
    ]);
  });

  it("counts rows as a spreadsheet does when a description spans lines, and skips blank rows", () => {
    const csv = csvOf([
      { Handle: "long", Title: "Long", "Body (HTML)": "<p>one</p>\n<p>two</p>\n<p>three</p>", "Variant SKU": "L-1", "Variant Price": "1" },
      {},
      { Handle: "bad", Title: "Bad", "Variant SKU": "B-1", "Variant Price": "one" },
    ]);
    expect(readShopifyCsv(csv).problems).toEqual([{ row: 4, column: "Variant Price", message: "Price one is not a number (write it as 24.00)" }]);
  });
});
