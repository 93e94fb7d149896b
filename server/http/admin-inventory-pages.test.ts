/**
 * The inventory and bulk-edit pages (app/routes/admin.inventory*, admin.products.bulk), rendered for real through
 * Vite and posted as a browser posts them before its JavaScript loads: the list and its filters, an adjustment with
 * its history row, a refusal beside the field, a bulk price rise previewed and applied, and the door shut to
 * fulfilment staff.
 */
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../core/money";
import { type TestApp } from "../../tests/support/app";
import { stockOf } from "../../tests/support/checkout";
import { PAGE_OWNER as OWNER, renderedBackOffice } from "../../tests/support/admin-pages";
import { products, variants } from "../db/schema";
import { DEMO } from "../db/seed";

let t: TestApp;
let owner: string;
let packer: string;

const office = renderedBackOffice({ PUBLIC_URL: "https://shop.example.com" });
const { get, post, html } = office;

async function variantIdOf(sku: string) {
  const [row] = await t.deps.db.select({ id: variants.id }).from(variants).where(eq(variants.sku, sku));
  return row.id;
}

beforeAll(() => {
  ({ t, owner, packer } = office);
});

describe("the inventory pages", () => {
  it("list variants with their stock, find them by sku or title, and show the low ones only", async () => {
    const page = await html(await get("/admin/inventory?q=gooseneck", owner));
    expect(page).toContain("KETTLE-BLACK");
    expect(page).toContain("KETTLE-STEEL");
    expect(page).not.toContain(DEMO.lowStock.sku);
    const low = await html(await get("/admin/inventory?low=true", owner));
    expect(low).toContain(DEMO.lowStock.sku);
    expect(low).toContain(">Low<");
    expect(await html(await get("/admin/inventory?cursor=abc", owner), 400)).toContain("cursor must be a cursor this call returned");
  });

  it("adjust from the list with a note, show the history row, and refuse below zero beside the amount, changing nothing", async () => {
    const id = await variantIdOf("KETTLE-BLACK");
    const start = await stockOf(t, "KETTLE-BLACK");
    const received = await post("/admin/inventory?q=kettle", { intent: "adjust", variant_id: String(id), mode: "change", amount: "+10", reason: "received", note: "from the roaster" }, owner);
    expect(received.status).toBe(302);
    expect(received.headers.get("location")).toBe("/admin/inventory?q=kettle&notice=stock-adjusted");
    expect(await stockOf(t, "KETTLE-BLACK")).toBe(start + 10);

    const history = await html(await get(`/admin/inventory/${id}?notice=stock-adjusted`, owner));
    expect(history).toContain("Stock changed.");
    expect(history).toContain("from the roaster");
    expect(history).toContain(OWNER.email);
    expect(history).toContain("+10");

    const refused = await html(await post(`/admin/inventory/${id}`, { intent: "adjust", mode: "change", amount: String(-(start + 11)), reason: "damaged", note: "" }, owner), 409);
    expect(refused).toMatch(/aria-invalid="true"[^>]*name="amount"|name="amount"[^>]*aria-invalid="true"/);
    expect(refused).toContain("cannot go below zero");
    expect(await stockOf(t, "KETTLE-BLACK")).toBe(start + 10);

    const notANumber = await html(await post(`/admin/inventory/${id}`, { intent: "adjust", mode: "set", amount: "lots", reason: "correction" }, owner), 400);
    expect(notANumber).toContain("Enter a whole number, such as 10 or -3");
    expect(notANumber).toContain('value="lots"');
    expect((await get("/admin/inventory/999999", owner)).status).toBe(404);
  });

  it("are shut to fulfilment staff and to visitors", async () => {
    expect((await get("/admin/inventory", packer)).status).toBe(403);
    expect((await get("/admin/products/bulk", packer)).status).toBe(403);
    expect((await post("/admin/inventory", { intent: "adjust", variant_id: "1", amount: "1", reason: "received" }, packer)).status).toBe(403);
    expect((await get("/admin/inventory")).status).toBe(302);
  });
});

describe("the bulk edit page", () => {
  it("shows the chosen products, previews a 10 % rise before → after changing nothing, then applies it", async () => {
    const chosen = await t.deps.db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.handle, [DEMO.productHandles.mug, DEMO.productHandles.filters]));
    const query = chosen.map((product) => `product=${product.id}`).join("&");
    const rows = await t.deps.db.select().from(variants).where(inArray(variants.productId, chosen.map((product) => product.id)));
    const page = await html(await get(`/admin/products/bulk?${query}`, owner));
    expect(page).toContain(`${rows.length} variants of 2 products`);

    const form: [string, string][] = [...chosen.map((product): [string, string] => ["product", String(product.id)]), ["kind", "price_percent"], ["percent", "10"]];
    const preview = await html(await post(`/admin/products/bulk?${query}`, [...form, ["intent", "preview"]], owner));
    for (const variant of rows) {
      expect(preview).toContain(formatMoney(variant.priceCents));
      expect(preview).toContain(formatMoney(Math.round(variant.priceCents * 1.1)));
    }
    expect(preview).toContain(`Apply ${rows.length} changes`);
    expect((await t.deps.db.select().from(variants).where(eq(variants.id, rows[0].id)))[0].priceCents).toBe(rows[0].priceCents);

    const applied = await post(`/admin/products/bulk?${query}`, [...form, ["intent", "apply"]], owner);
    expect(applied.status).toBe(302);
    expect(applied.headers.get("location")).toBe("/admin/inventory?notice=bulk-applied");
    expect((await t.deps.db.select().from(variants).where(eq(variants.id, rows[0].id)))[0].priceCents).toBe(Math.round(rows[0].priceCents * 1.1));
  });

  it("names a bad value beside its field, and a refused row in the preview without an Apply", async () => {
    const drip = await variantIdOf(DEMO.lowStock.sku);
    const badPercent = await html(await post(`/admin/products/bulk?variant=${drip}`, [["variant", String(drip)], ["kind", "price_percent"], ["percent", "-95"], ["intent", "preview"]], owner), 400);
    expect(badPercent).toContain("change.percent must be at least -90");
    expect(badPercent).toMatch(/name="percent"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="percent"/);
    const belowZero = await html(
      await post(`/admin/products/bulk?variant=${drip}`, [["variant", String(drip)], ["kind", "stock_adjust"], ["delta", "-100"], ["reason", "damaged"], ["intent", "preview"]], owner),
    );
    expect(belowZero).toContain("cannot go below zero");
    expect(belowZero).not.toContain("Apply ");
    expect(await html(await get("/admin/products/bulk?variant=999999", owner), 400)).toContain("No variant 999999 in this store");
  });
});
