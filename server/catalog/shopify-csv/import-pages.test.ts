/**
 * The import screens (app/routes/admin.products.import*), rendered for real through Vite and posted as a browser
 * posts them before its JavaScript loads: a file uploaded as multipart, checked, then imported from the check's page;
 * a file with mistakes shown by row; a running job's page refreshing itself; a role without the catalogue refused.
 */
import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { IMPORT_TOO_LARGE_MESSAGE } from "../../../core/schemas/admin-imports";
import { renderedBackOffice } from "../../../tests/support/admin-pages";
import { type TestApp } from "../../../tests/support/app";
import { generatedShopifyExport, seededRandom } from "../../../tests/support/generated-catalogue";
import type { createApp } from "../../app";
import { catalogueImports, products } from "../../db/schema";
import { BODY_TOO_LARGE_MESSAGE } from "../../edge/body-limits";
import { SHOPIFY_COLUMNS } from "./columns";

let t: TestApp;
let pages: ReturnType<typeof createApp>;

const office = renderedBackOffice();

const OWNER = { email: "owner@example.com", name: "Olive Owner", password: "a long owner passphrase", role: "owner" as const };
const PACKER = { email: "packer@example.com", name: "Pat Packer", password: "a long packing passphrase", role: "fulfilment" as const };

const csvOf = (rows: Partial<Record<(typeof SHOPIFY_COLUMNS)[number], string>>[]) =>
  [SHOPIFY_COLUMNS.join(","), ...rows.map((row) => SHOPIFY_COLUMNS.map((column) => row[column] ?? "").join(","))].join("\n") + "\n";

const KETTLE = csvOf([
  { Handle: "glass-dripper", Title: "Glass Dripper", "Option1 Name": "Finish", "Option1 Value": "Clear", "Variant SKU": "PG-DRIPPER-CLR", "Variant Price": "49.00", "Variant Inventory Qty": "6", Status: "draft" },
  { Handle: "glass-dripper", "Option1 Value": "Amber", "Variant SKU": "PG-DRIPPER-AMB", "Variant Price": "45.00", "Variant Inventory Qty": "4" },
]);

function get(path: string, cookie?: string) {
  return Promise.resolve(pages.request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} }));
}

function postForm(path: string, body: URLSearchParams | FormData, cookie: string) {
  return Promise.resolve(pages.request(`http://localhost${path}`, { method: "POST", headers: { origin: "http://localhost", cookie }, body }));
}

/** `path`: the screen's, or the `.data` address its hydrated form posts to. */
function upload(csv: string, mode: string, cookie: string, path = "/admin/products/import") {
  const form = new FormData();
  form.set("file", new File([csv], "products_export_1.csv", { type: "text/csv" }));
  form.set("mode", mode);
  return postForm(path, form, cookie);
}

async function html(response: Response, status = 200) {
  expect(response.status).toBe(status);
  return response.text();
}

async function signIn(who: { email: string; password: string }) {
  const response = await postForm("/admin/login", new URLSearchParams({ email: who.email, password: who.password, redirectTo: "/admin" }), "");
  expect(response.status).toBe(302);
  return response.headers.getSetCookie().find((header) => header.startsWith("staff_session="))!.split(";")[0];
}

beforeAll(() => {
  ({ t, pages } = office);
});

describe("the import screens", () => {
  let owner: string;
  beforeAll(async () => {
    owner = await signIn(OWNER);
  });

  it("checks an uploaded file, then imports it from the check's page", async () => {
    const form = await html(await get("/admin/products/import", owner));
    expect(form).toContain('encType="multipart/form-data"');
    expect(form).toContain("Check only (changes nothing)");
    expect(form).toContain('href="/api/admin/products/export"');

    const checked = await upload(KETTLE, "check", owner);
    expect(checked.status).toBe(302);
    const checkPage = checked.headers.get("location")!;
    expect(checkPage).toMatch(/^\/admin\/products\/import\/\d+$/);
    const check = await html(await get(checkPage, owner));
    expect(check).toContain("The file is ready to import");
    expect(check).toMatch(/Products to create<\/dt><dd[^>]*>1</);
    expect(check).toMatch(/Variants to create<\/dt><dd[^>]*>2</);
    expect(check).not.toContain('http-equiv="refresh"');
    expect(await t.deps.db.select().from(products).where(eq(products.handle, "glass-dripper"))).toEqual([]);

    const applied = await postForm(checkPage, new URLSearchParams(), owner);
    expect(applied.status).toBe(302);
    const done = await html(await get(applied.headers.get("location")!, owner));
    expect(done).toContain("The file is imported");
    expect(done).toMatch(/Products created<\/dt><dd[^>]*>1</);
    expect(await t.deps.db.select().from(products).where(eq(products.handle, "glass-dripper"))).toHaveLength(1);

    const list = await html(await get("/admin/products/import", owner));
    expect(list).toContain("products_export_1.csv");
    expect(list).toContain(`href="${checkPage}"`);
  });

  it("shows a file's problems by row and column, and imports none of it", async () => {
    const broken = csvOf([
      { Handle: "broken-kettle", Title: "Broken", "Option1 Name": "Title", "Option1 Value": "Default Title", "Variant SKU": "PG-BROKEN", "Variant Price": "abc" },
    ]);
    const response = await upload(broken, "import", owner);
    const page = await html(await get(response.headers.get("location")!, owner));
    expect(page).toContain("Not imported");
    expect(page).toContain("Nothing was changed");
    expect(page).toMatch(/<th scope="row"[^>]*>2<\/th><td[^>]*>Variant Price<\/td><td[^>]*>Price abc is not a number/);
    expect(await t.deps.db.select().from(products).where(eq(products.handle, "broken-kettle"))).toEqual([]);
  });

  it("shows a checked file's problems with what it would create and update", async () => {
    const mixed = csvOf([
      { Handle: "sound-kettle", Title: "Sound", "Option1 Name": "Title", "Option1 Value": "Default Title", "Variant SKU": "PG-SOUND", "Variant Price": "30.00" },
      { Handle: "bent-kettle", Title: "Bent", "Option1 Name": "Title", "Option1 Value": "Default Title", "Variant SKU": "PG-BENT", "Variant Price": "abc" },
    ]);
    const page = await html(await get((await upload(mixed, "check", owner)).headers.get("location")!, owner));
    expect(page).toContain("Fix the problems below");
    expect(page).toContain("The rows without problems would make these changes:");
    expect(page).toMatch(/Products to create<\/dt><dd[^>]*>1</);
    expect(page).toMatch(/Variants to create<\/dt><dd[^>]*>1</);
  });

  it("says what is wrong with the upload itself beside its field", async () => {
    const page = await html(await upload("Name,Price\nKettle,1\n", "check", owner), 400);
    expect(page).toContain("The file has no Handle column");
    const none = await html(await postForm("/admin/products/import", new URLSearchParams({ mode: "check" }), owner), 400);
    expect(none).toContain("Choose the CSV file to upload");
  });

  it("refreshes a running job's page every 2 seconds, with its progress", async () => {
    const [job] = await t.deps.db
      .insert(catalogueImports)
      .values({ storeId: t.deps.storeId, dryRun: false, csv: KETTLE, totalRows: 400, processedRows: 200, status: "running", actorLabel: OWNER.email })
      .returning();
    const page = await html(await get(`/admin/products/import/${job.id}`, owner));
    expect(page).toContain('<meta http-equiv="refresh" content="2"/>');
    expect(page).toContain("200 of 400 rows");
    await html(await get("/admin/products/import/99999", owner), 404);
  });

  it("refuses a member whose role has no catalogue", async () => {
    const packer = await signIn(PACKER);
    expect((await get("/admin/products/import", packer)).status).toBe(403);
    expect((await upload(KETTLE, "check", packer)).status).toBe(403);
  });

  describe("a Shopify export larger than the app's 64 KB", () => {
    // Over 1 MB: 110 products with long descriptions (some 10 KB each), as few as the test can afford to import.
    const EXPORT = generatedShopifyExport(110, seededRandom(32), { paragraphs: 64 });

    it("is taken from a member with the catalogue and imported whole", async () => {
      expect(Buffer.byteLength(EXPORT)).toBeGreaterThan(1024 * 1024);
      const response = await upload(EXPORT, "import", owner);
      expect(response.status).toBe(302);
      const id = Number(/\/(\d+)$/.exec(response.headers.get("location")!)![1]);
      let job = (await t.deps.db.select().from(catalogueImports).where(eq(catalogueImports.id, id)))[0];
      while (job.status === "queued" || job.status === "running") {
        await new Promise((resolve) => setTimeout(resolve, 100));
        [job] = await t.deps.db.select().from(catalogueImports).where(eq(catalogueImports.id, id));
      }
      expect(job).toMatchObject({ status: "succeeded", dryRun: false, totalRows: 110 });
      expect(await t.deps.db.select({ id: products.id }).from(products).where(like(products.handle, "generated-export-%"))).toHaveLength(110);
    });

    it("is refused over 20 MB with a 413 naming 20 MB", async () => {
      const response = await upload("x".repeat(21 * 1024 * 1024), "import", owner);
      expect([response.status, await response.json()]).toEqual([413, { error: IMPORT_TOO_LARGE_MESSAGE }]);
    });

    it("gives no more than 64 KB to a visitor without a sign-in or a member without the catalogue", async () => {
      const packer = await signIn(PACKER);
      for (const cookie of ["", packer]) {
        for (const path of ["/admin/products/import", "/admin/products/import.data"]) {
          const response = await upload(EXPORT, "check", cookie, path);
          expect([response.status, await response.json()]).toEqual([413, { error: BODY_TOO_LARGE_MESSAGE }]);
        }
      }
    });
  });
});
