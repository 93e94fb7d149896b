/**
 * The pictures screen (app/routes/admin.products.$id.pictures.tsx), rendered for real through Vite and posted as a
 * browser posts it before its JavaScript loads: a multipart upload of two pictures, a refused SVG, alt text, order,
 * removal with its confirm step, a variant's picture, and what a fulfilment member and a signed-out visitor get.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { renderedBackOffice } from "../../tests/support/admin-pages";
import { type TestApp } from "../../tests/support/app";
import { listProductPictures } from "../catalog/product-pictures";
import { productImages, products, variants } from "../db/schema";

let t: TestApp;
let product: { id: number; title: string };
let owner: string;
let packer: string;

const office = renderedBackOffice();
const { get, post } = office;

const png = (colour: string) => sharp({ create: { width: 300, height: 200, channels: 3, background: colour } }).png().toBuffer();

function uploadForm(files: { bytes: Buffer; name: string; type: string }[], altText: string) {
  const form = new FormData();
  form.append("intent", "upload");
  for (const { bytes, name, type } of files) form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
  form.append("alt_text", altText);
  return form;
}

const pictures = () => listProductPictures(t.deps.db, t.deps.storeId, product.id);
const screen = () => `/admin/products/${product.id}/pictures`;

beforeAll(async () => {
  ({ t, owner, packer } = office);
  [product] = await t.deps.db.select({ id: products.id, title: products.title }).from(products).where(eq(products.storeId, t.deps.storeId)).limit(1);
  await t.deps.db.update(products).set({ status: "draft" }).where(eq(products.id, product.id));
});

describe("the pictures screen", () => {
  it("shows the product's pictures and an upload form that works without JavaScript", async () => {
    const response = await get(screen(), owner);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain(`Pictures of ${product.title}`);
    expect(page).toMatch(/<form(?=[^>]*method="post")(?=[^>]*enctype="multipart\/form-data")[^>]*>/i);
    expect(page).toContain('accept="image/jpeg,image/png,image/webp,image/avif"');
    expect(page).toContain(`href="/admin/products/${product.id}"`);
    for (const [i] of (await pictures()).entries()) expect(page).toContain(`Alt text of picture ${i + 1}`);
  });

  it("is 403 to fulfilment and sends a signed-out visitor to sign in; a large post from either is refused unread", async () => {
    expect((await get(screen(), packer)).status).toBe(403);
    expect((await get(screen())).status).toBe(302);
    const big = uploadForm([{ bytes: Buffer.concat([await png("#000"), Buffer.alloc(200 * 1024)]), name: "a.png", type: "image/png" }], "");
    expect((await post(screen(), big, "")).status).toBe(413);
    expect((await post(screen(), uploadForm([{ bytes: await png("#000"), name: "a.png", type: "image/png" }], ""), packer)).status).toBe(403);
  });

  it("uploads two pictures from the file picker, with their alt text, after the others", async () => {
    const before = await pictures();
    const response = await post(
      screen(),
      uploadForm(
        [
          { bytes: await png("#aa3333"), name: "red.png", type: "image/png" },
          { bytes: await png("#3333aa"), name: "blue.png", type: "image/png" },
        ],
        "A bag of beans",
      ),
      owner,
    );
    expect([response.status, response.headers.get("location")]).toEqual([302, `${screen()}?notice=pictures-added`]);
    const after = await pictures();
    expect(after).toHaveLength(before.length + 2);
    expect(after.slice(-2).map((picture) => picture.altText)).toEqual(["A bag of beans", "A bag of beans"]);
    const page = await (await get(`${screen()}?notice=pictures-added`, owner)).text();
    expect(page).toContain("Pictures added.");
    expect(page).toContain(`Alt text of picture ${after.length}`);
  });

  it("shows a refused SVG's and an over-large picture's message beside the picker, storing nothing", async () => {
    const before = await pictures();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await post(screen(), uploadForm([{ bytes: svg, name: "logo.svg", type: "image/svg+xml" }], "Logo"), owner);
    expect(refused.status).toBe(415);
    const page = await refused.text();
    expect(page).toContain("Pictures must be JPEG, PNG, WebP or AVIF");
    expect(page).toContain('value="Logo"');
    const large = Buffer.concat([await png("#000"), Buffer.alloc(21 * 1024 * 1024)]);
    const tooLarge = await post(screen(), uploadForm([{ bytes: large, name: "huge.png", type: "image/png" }], ""), owner);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toContain("A picture must be at most 20 MB");
    expect(await pictures()).toHaveLength(before.length);
  });

  it("saves alt text, moves a picture up, and removes one after its confirm step", async () => {
    const before = await pictures();
    const last = before.at(-1)!;
    const moved = await post(
      screen(),
      new URLSearchParams({ intent: "up", id: String(last.id), position: String(before.length - 1), alt_text: "Blue beans" }),
      owner,
    );
    expect(moved.headers.get("location")).toBe(`${screen()}?notice=picture-moved`);
    const order = await pictures();
    expect(order.at(-2)).toMatchObject({ id: last.id, altText: "Blue beans" });

    await t.deps.db.update(products).set({ status: "active" }).where(eq(products.id, product.id));
    const refused = await post(screen(), new URLSearchParams({ intent: "save", id: String(last.id), position: "0", alt_text: "" }), owner);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Alt text is required on a published product&#x27;s pictures");
    await t.deps.db.update(products).set({ status: "draft" }).where(eq(products.id, product.id));

    const confirm = await (await get(`${screen()}?remove=${last.id}`, owner)).text();
    expect(confirm).toContain("Remove picture");
    const removed = await post(screen(), new URLSearchParams({ intent: "remove", id: String(last.id) }), owner);
    expect(removed.headers.get("location")).toBe(`${screen()}?notice=picture-removed`);
    expect((await pictures()).map((picture) => picture.id)).not.toContain(last.id);
  });

  it("names a variant's picture from its select", async () => {
    const [picture] = await pictures();
    const productVariants = await t.deps.db.select().from(variants).where(eq(variants.productId, product.id));
    const form = new URLSearchParams({ intent: "variants" });
    for (const variant of productVariants) form.set(`variant-${variant.id}`, "");
    form.set(`variant-${productVariants[0].id}`, String(picture.id));
    const response = await post(screen(), form, owner);
    expect(response.headers.get("location")).toBe(`${screen()}?notice=variant-pictures-saved`);
    const [chosen] = await t.deps.db.select({ imageId: variants.imageId }).from(variants).where(eq(variants.id, productVariants[0].id));
    expect(chosen.imageId).toBe(picture.id);
    const [elsewhere] = await t.deps.db.select().from(productImages).where(eq(productImages.productId, product.id + 1)).limit(1);
    if (elsewhere) {
      const refused = await post(screen(), new URLSearchParams({ intent: "variants", [`variant-${productVariants[0].id}`]: String(elsewhere.id) }), owner);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("The picture must be one of the variant&#x27;s product&#x27;s");
    }
  });
});
