/**
 * The product editor's pages (app/routes/admin.products.tsx, .new.tsx, .$id.tsx), rendered for real through Vite and
 * posted as a browser posts them before its JavaScript loads: creating a product with options and variants, refusals
 * shown beside their fields with what was typed kept, editing a price, duplicating, archiving, the list's search,
 * and what a fulfilment member is refused.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp } from "../../tests/support/app";
import { PAGE_OWNER as OWNER, PAGE_PACKER as PACKER, renderedBackOffice } from "../../tests/support/admin-pages";
import { commandLineActor } from "../audit/audit";
import { getAdminProduct } from "../catalog/product-editor";
import { changeStoreSettings, getStoreSettings } from "../store/settings";
import { orderLines, orders, products } from "../db/schema";

let t: TestApp;

const office = renderedBackOffice({ PUBLIC_URL: "https://shop.example.com" });
const { get, post, html, signIn } = office;

/** The new-product form as a browser posts it: two options, four variants, two collections ticked. */
function teeForm(overrides: Record<string, string> = {}): [string, string][] {
  const fields: Record<string, string> = {
    rows: "4",
    intent: "save",
    title: "Page Tee",
    handle: "",
    status: "draft",
    description_html: "<p>Soft.</p><script>alert(1)</script>",
    tags: "cotton, summer",
    option_0: "Size",
    option_1: "Colour",
    option_2: "",
  };
  [
    ["S", "Red"],
    ["S", "Blue"],
    ["M", "Red"],
    ["M", "Blue"],
  ].forEach(([size, colour], row) => {
    fields[`v${row}_value_0`] = size;
    fields[`v${row}_value_1`] = colour;
    fields[`v${row}_sku`] = `PT-${size}-${colour.toUpperCase()}`;
    fields[`v${row}_price`] = "25.00";
    fields[`v${row}_stock`] = "3";
  });
  return Object.entries({ ...fields, ...overrides });
}

beforeAll(() => {
  ({ t } = office);
});

describe("the product editor's pages", () => {
  let owner: string;
  let packer: string;
  let productId: number;

  beforeAll(async () => {
    owner = await signIn(OWNER);
    packer = await signIn(PACKER);
  });

  it("sends a signed-out visitor to sign in and refuses a fulfilment member", async () => {
    for (const path of ["/admin/products", "/admin/products/new", "/admin/products/1"]) {
      const response = await get(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toContain("/admin/login");
      expect(await html(await get(path, packer), 403)).toContain("Not allowed");
    }
    expect((await post("/admin/products/new", teeForm(), packer)).status).toBe(403);
  });

  it("lists products with their status, stock and price, searched by title, handle or SKU", async () => {
    const page = await html(await get("/admin/products", owner));
    expect(page).toContain("Add product");
    expect(page).toContain("House Blend");
    const searched = await html(await get("/admin/products?q=house", owner));
    expect(searched).toContain("House Blend");
    expect(searched).not.toContain("No products match");
    expect(await html(await get("/admin/products?q=nothing-like-this", owner))).toContain("No products match.");
    expect(await html(await get("/admin/products?status=gone", owner), 400)).toContain("status must be one of draft, active, archived");
  });

  it("refuses a form with problems, each beside its field, keeping what was typed", async () => {
    const page = await html(
      await post("/admin/products/new", teeForm({ title: "", handle: "Bad Handle", v1_price: "twelve", v2_sku: "PT-S-RED" }), owner),
      400,
    );
    expect(page).toContain("Title is required");
    expect(page).toContain("Handle may hold only letters, digits and single hyphens between them");
    expect(page).toContain("Enter an amount in dollars, such as 12.50");
    expect(page).toContain('value="twelve"');
    expect(page).toContain('value="Bad Handle"');
    expect(page).toMatch(/aria-invalid="true"/);
  });

  it("creates a draft with two options and four variants, its handle made from the title and its description cleaned", async () => {
    const response = await post("/admin/products/new", teeForm(), owner);
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(location).toMatch(/^\/admin\/products\/\d+\?notice=created$/);
    productId = Number(location.split("/")[3].split("?")[0]);
    const product = await getAdminProduct(t.deps.db, t.deps.storeId, productId);
    expect(product).toMatchObject({ handle: "page-tee", status: "draft", options: ["Size", "Colour"], tags: ["cotton", "summer"], descriptionHtml: "<p>Soft.</p>" });
    expect(product.variants.map((v) => [v.sku, v.optionValues.join("/"), v.priceCents, v.stock])).toEqual([
      ["PT-S-RED", "S/Red", 2500, 3],
      ["PT-S-BLUE", "S/Blue", 2500, 3],
      ["PT-M-RED", "M/Red", 2500, 3],
      ["PT-M-BLUE", "M/Blue", 2500, 3],
    ]);
    const page = await html(await get(location, owner));
    expect(page).toContain("Product created.");
    expect(page).toContain('href="/products/page-tee"');
    expect(page).toContain('value="25.00"');
    // A saved variant's stock is shown, not offered for typing.
    expect(page).not.toContain('name="v0_stock"');
    // Only the rows the product has: no blank ones below them.
    expect(page).not.toContain('name="v4_sku"');
  });

  it("refuses a taken handle beside the handle field, and a SKU of another product beside its row", async () => {
    const page = await html(await post("/admin/products/new", teeForm({ handle: "page-tee" }), owner), 409);
    expect(page).toContain("Handle page-tee is taken");
    const sku = await html(await post("/admin/products/new", teeForm({ handle: "other-tee", v0_sku: "", v0_price: "", v1_sku: "OT-S-BLUE", v2_sku: "PT-S-RED", v3_sku: "OT-M-BLUE" }), owner), 409);
    expect(sku).toContain("SKU PT-S-RED is used by Page Tee");
  });

  it("saves a changed price, adds rows on request, duplicates, archives and unarchives", async () => {
    const edit = teeForm({ handle: "page-tee", v0_price: "27.50" }).filter(([name]) => !/^v\d_stock$/.test(name));
    edit.push(...[0, 1, 2, 3].map((row): [string, string] => [`v${row}_existing`, "1"]));
    const saved = await post(`/admin/products/${productId}`, edit, owner);
    expect(saved.headers.get("location")).toBe(`/admin/products/${productId}?notice=saved`);
    const product = await getAdminProduct(t.deps.db, t.deps.storeId, productId);
    expect(product.variants.map((v) => [v.priceCents, v.stock])).toEqual([
      [2750, 3],
      [2500, 3],
      [2500, 3],
      [2500, 3],
    ]);

    const more = await html(await post(`/admin/products/${productId}`, [...edit.filter(([name]) => name !== "intent"), ["intent", "add_row"]], owner));
    expect(more).toContain('name="v4_sku"');
    expect(more).not.toContain('name="v5_sku"');
    expect(more).toContain('value="27.50"');

    const duplicated = await post(`/admin/products/${productId}`, { intent: "duplicate" }, owner);
    const copyId = Number(duplicated.headers.get("location")!.split("/")[3].split("?")[0]);
    const copyPage = await html(await get(duplicated.headers.get("location")!, owner));
    expect(copyPage).toContain("Copy of Page Tee");
    expect(copyPage).toContain("PT-S-RED-COPY");

    expect((await post(`/admin/products/${copyId}`, { intent: "archive" }, owner)).headers.get("location")).toBe(`/admin/products/${copyId}?notice=archived`);
    const [archived] = await t.deps.db.select({ status: products.status }).from(products).where(eq(products.id, copyId));
    expect(archived.status).toBe("archived");
    const archivedPage = await html(await get(`/admin/products/${copyId}?notice=archived`, owner));
    expect(archivedPage).toContain("Unarchive (back to draft)");
    await post(`/admin/products/${copyId}`, { intent: "unarchive" }, owner);
    expect((await getAdminProduct(t.deps.db, t.deps.storeId, copyId)).status).toBe("draft");

    const list = await html(await get("/admin/products?q=page-tee", owner));
    expect(list).toContain("Copy of Page Tee");
    expect(list).toContain("$25.00 – $27.50");
  });

  it("sets a variant's subscription plans, keeps them through a save that leaves them alone, and refuses a bad plan price", async () => {
    const base = teeForm({ handle: "page-tee", v0_price: "27.50" }).filter(([name]) => !/^v\d_stock$/.test(name));
    base.push(...[0, 1, 2, 3].map((row): [string, string] => [`v${row}_existing`, "1"]));
    const plan = (price: string): [string, string][] => [
      ["v0_plans", "3"],
      ["v0_plan0_name", "Every month"],
      ["v0_plan0_price", price],
      ["v0_plan0_interval", "1"],
      ["v0_plan0_unit", "month"],
    ];
    const refused = await html(await post(`/admin/products/${productId}`, [...base, ...plan("cheap")], owner), 400);
    expect(refused).toContain("Enter an amount in dollars, such as 12.50");
    expect(refused).toContain('value="cheap"');
    await post(`/admin/products/${productId}`, [...base, ...plan("24.75")], owner);
    const planned = await getAdminProduct(t.deps.db, t.deps.storeId, productId);
    expect(planned.variants[0].subscriptions).toEqual([{ id: "sub-pt-s-red-1m", name: "Every month", priceCents: 2475, interval: 1, intervalUnit: "month" }]);
    const page = await html(await get(`/admin/products/${productId}`, owner));
    expect(page).toContain("Subscription plans (1)");
    expect(page).toContain('value="24.75"');
  });

  it("generates every combination as a plain post, keeps saved variants on theirs, applies a price to all, and refuses two rows with the same options naming both", async () => {
    const saved = (await getAdminProduct(t.deps.db, t.deps.storeId, productId)).variants;
    // The saved tee's form as drawn, the values typed for the generator (Medium's M is added from its field).
    const drawn: [string, string][] = [
      ["rows", "4"],
      ["options", "2"],
      ["title", "Page Tee"],
      ["handle", "page-tee"],
      ["status", "draft"],
      ["option_0", "Size"],
      ["option_0_value", "S"],
      ["option_0_new", "M"],
      ["option_1", "Colour"],
      ["option_1_value", "Red"],
      ...saved.flatMap((variant, row): [string, string][] => [
        [`v${row}_existing`, "1"],
        [`v${row}_sku`, variant.sku],
        [`v${row}_price`, (variant.priceCents / 100).toFixed(2)],
        [`v${row}_value_0`, variant.optionValues[0]],
        [`v${row}_value_1`, variant.optionValues[1]],
      ]),
    ];
    const generated = await html(await post(`/admin/products/${productId}`, [...drawn, ["intent", "generate"]], owner));
    // S/Red and M/Red are kept with their SKUs and prices; the Blue ones are not among the combinations.
    expect(generated).toContain('name="v0_sku" value="PT-S-RED"');
    expect(generated).toContain('name="v1_sku" value="PT-M-RED"');
    expect(generated).not.toContain('name="v2_sku"');
    expect(generated).toContain("Saving removes these saved variants:");
    expect(generated).toContain("PT-S-BLUE");

    const withLarge = await html(
      await post(`/admin/products/${productId}`, [...drawn.filter(([name]) => !/^(v\d|rows|option_0_new)/.test(name)), ["option_0_value", "M"], ["option_0_new", "L"], ["rows", "1"], ["intent", "generate"]], owner),
    );
    // Rows start afresh from the values (no row was posted): new SKUs from the handle and values.
    expect(withLarge).toContain('name="v2_sku" value="PAGE-TEE-L-RED"');
    const applied = await html(
      await post(
        `/admin/products/${productId}`,
        [...drawn.filter(([name]) => !["rows", "option_0_new"].includes(name)), ["rows", "4"], ["all_price", "30.00"], ["intent", "apply_all"]],
        owner,
      ),
    );
    expect(applied.match(/name="v\d_price" value="30.00"/g)).toHaveLength(4);

    const duplicated = await html(
      await post(`/admin/products/${productId}`, [...drawn.filter(([name]) => name !== "v1_value_0" && name !== "v1_value_1"), ["v1_value_0", "S"], ["v1_value_1", "Red"], ["intent", "save"]], owner),
      400,
    );
    expect(duplicated).toContain("Variant PT-S-BLUE has the same options as PT-S-RED (S / Red): each variant needs its own");
  });

  it("asks before a save removes a variant that orders name, and removes it once confirmed", async () => {
    const [order] = await t.deps.db
      .insert(orders)
      .values({
        storeId: t.deps.storeId,
        status: "paid",
        email: "ada@example.com",
        customerName: "Ada",
        shippingAddress: { line1: "1 Main St", city: "Portland", state: "OR", postal_code: "97201", country: "US" } as never,
        shippingOptionKey: "standard",
        subtotalCents: 2500,
        totalCents: 2500,
        idempotencyKey: `variant-removal-${productId}`,
        paymentProvider: "simulated",
      })
      .returning({ id: orders.id });
    await t.deps.db.insert(orderLines).values({
      storeId: t.deps.storeId,
      orderId: order.id,
      kind: "product",
      title: "Page Tee",
      productHandle: "page-tee",
      sku: "PT-M-BLUE",
      stockComponents: { "PT-M-BLUE": 1 },
      quantity: 1,
      unitPriceCents: 2500,
      lineTotalCents: 2500,
    });
    const withoutLast = teeForm({ handle: "page-tee", rows: "3" }).filter(([name]) => !/^v\d_stock$/.test(name) && !name.startsWith("v3_"));
    withoutLast.push(...[0, 1, 2].map((row): [string, string] => [`v${row}_existing`, "1"]));
    const asked = await html(await post(`/admin/products/${productId}`, withoutLast, owner), 409);
    expect(asked).toContain("This variant has orders and would be removed: PT-M-BLUE (1 order). Keep its row, or confirm the removal");
    expect(asked).toContain("PT-M-BLUE (1 order; the orders keep what was bought)");
    expect(asked).toContain('name="remove_variants_with_orders"');
    expect((await getAdminProduct(t.deps.db, t.deps.storeId, productId)).variants).toHaveLength(4);

    const confirmed = await post(`/admin/products/${productId}`, [...withoutLast, ["remove_variants_with_orders", "on"]], owner);
    expect(confirmed.headers.get("location")).toBe(`/admin/products/${productId}?notice=saved`);
    expect((await getAdminProduct(t.deps.db, t.deps.storeId, productId)).variants.map((variant) => variant.sku)).toEqual(["PT-S-RED", "PT-S-BLUE", "PT-M-RED"]);
  });

  it("asks, when a save takes the product off sale while a footer link leads to it, with the form kept as typed; saves once answered", async () => {
    const edit = teeForm({ handle: "page-tee", status: "active" }).filter(([name]) => !/^v\d_stock$/.test(name));
    edit.push(...[0, 1, 2, 3].map((row): [string, string] => [`v${row}_existing`, "1"]));
    expect((await post(`/admin/products/${productId}`, edit, owner)).headers.get("location")).toBe(`/admin/products/${productId}?notice=saved`);
    const actor = commandLineActor(t.deps.storeId);
    const { footer } = await getStoreSettings(t.deps.db, t.deps.storeId);
    await changeStoreSettings(t.deps.db, actor, { footer: { ...footer, links: [...footer.links, { name: "Our tee", route: "/products/page-tee" }] } });

    const archived = edit.map(([name, value]): [string, string] => [name, name === "status" ? "archived" : name === "title" ? "Retired Tee" : value]);
    // Before, the save archived it and left "Our tee" leading to a 404.
    const asked = await html(await post(`/admin/products/${productId}`, archived, owner), 409);
    expect(asked).toContain("Save Page Tee? Its page leaves the shop. This link leads to it and would then lead nowhere:");
    expect(asked.replaceAll("<!-- -->", "")).toMatch(/<li>Footer: Our tee <span[^>]*>\(\/products\/page-tee\)<\/span><\/li>/);
    expect(asked).toMatch(/<button[^>]*form="draft-form"[^>]*>Remove the link too/);
    expect(asked).toContain('value="Retired Tee"');
    expect((await getAdminProduct(t.deps.db, t.deps.storeId, productId)).title).toBe("Page Tee");

    const saved = await post(`/admin/products/${productId}`, [...archived, ["links", "remove"]], owner);
    expect(saved.headers.get("location")).toBe(`/admin/products/${productId}?notice=saved`);
    expect(await getAdminProduct(t.deps.db, t.deps.storeId, productId)).toMatchObject({ title: "Retired Tee", status: "archived" });
    expect((await getStoreSettings(t.deps.db, t.deps.storeId)).footer.links.map((link) => link.route)).not.toContain("/products/page-tee");
  });

  it("answers 404 for a product that does not exist", async () => {
    expect(await html(await get("/admin/products/999999", owner), 404)).toContain("Not found");
    expect(await html(await get("/admin/products/abc", owner), 404)).toContain("Not found");
  });
});
