import { access } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { productPicturesSchema } from "../../core/schemas/admin-pictures";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { tokenHeaders } from "../../tests/support/api-tokens";
import { auditEvents, productImages, products, variants } from "../db/schema";
import { BODY_TOO_LARGE_MESSAGE } from "../edge/body-limits";

let t: TestApp;
let manager: Record<string, string>;
let fulfilment: Record<string, string>;
let product: { id: number; handle: string };
let otherProductId: number;

beforeAll(async () => {
  t = await createTestApp();
  manager = await tokenHeaders(t, "manager", "catalogue desk");
  fulfilment = await tokenHeaders(t, "fulfilment", "packing bench");
  const [first, second] = await t.deps.db
    .select({ id: products.id, handle: products.handle })
    .from(products)
    .where(eq(products.storeId, t.deps.storeId))
    .orderBy(products.id)
    .limit(2);
  product = first;
  otherProductId = second.id;
  // Drafted for these tests, so a picture may go without alt text until the last one.
  await t.deps.db.update(products).set({ status: "draft" }).where(eq(products.id, product.id));
});
afterAll(async () => {
  await t.database.dispose();
});

type Answer = Partial<z.infer<typeof productPicturesSchema>> & {
  error?: string;
  field?: string;
  variant_id?: number;
  picture_id?: number | null;
};

const png = (colour: string, width = 800) =>
  sharp({ create: { width, height: 600, channels: 3, background: colour } })
    .png()
    .toBuffer();

function uploadForm(files: { bytes: Buffer; name: string; type?: string }[], altText?: string): FormData {
  const form = new FormData();
  for (const { bytes, name, type = "image/png" } of files) form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
  if (altText !== undefined) form.append("alt_text", altText);
  return form;
}

async function upload(productId: number, form: FormData, headers = manager) {
  const response = await t.app.request(`http://localhost/api/admin/products/${productId}/pictures`, { method: "POST", body: form, headers });
  return { status: response.status, body: (await response.json()) as Answer };
}

async function call(method: string, pathname: string, body?: unknown, headers = manager) {
  const response = await t.call(method, pathname, body, headers);
  return { status: response.status, body: (await response.json()) as Answer };
}

const fileOf = (url: string) => path.join(t.database.imagesDir, url.replace(/^\/images\//, ""));
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe("/api/admin pictures", () => {
  it("answers 401 without a token and 403 to fulfilment, on every route", async () => {
    const routes: [string, string][] = [
      ["POST", `/api/admin/products/${product.id}/pictures`],
      ["PATCH", "/api/admin/pictures/1"],
      ["DELETE", "/api/admin/pictures/1"],
      ["PUT", "/api/admin/variants/1/picture"],
    ];
    for (const [method, pathname] of routes) {
      expect((await call(method, pathname, method === "DELETE" ? undefined : {}, {})).status, pathname).toBe(401);
      expect(await call(method, pathname, method === "DELETE" ? undefined : {}, fulfilment), pathname).toEqual({
        status: 403,
        body: { error: "Forbidden" },
      });
    }
    expect((await upload(product.id, uploadForm([{ bytes: await png("#123456"), name: "a.png" }]), fulfilment)).status).toBe(403);
  });

  it("uploads several pictures after the product's others, with their renditions, and records who did", async () => {
    const before = await t.deps.db.select().from(productImages).where(eq(productImages.productId, product.id));
    const { status, body } = await upload(
      product.id,
      uploadForm(
        [
          { bytes: await png("#aa3333"), name: "red.png" },
          {
            bytes: await sharp(await png("#33aa33"))
              .jpeg()
              .toBuffer(),
            name: "green.jpg",
            type: "image/jpeg",
          },
        ],
        "Our bag",
      ),
    );
    expect(status).toBe(201);
    expect(body.product_id).toBe(product.id);
    expect(body.pictures).toHaveLength(before.length + 2);
    const added = body.pictures!.slice(-2);
    expect(added.map((picture) => [picture.alt_text, picture.position, picture.is_hover])).toEqual(
      [
        ["Our bag", before.length],
        ["Our bag", before.length + 1],
      ].map(([alt, position]) => [alt, position, false]),
    );
    for (const picture of added) {
      expect(picture.url).toMatch(/^\/images\/products\/[0-9a-f-]{36}\.jpg$/);
      for (const suffix of [".jpg", ".webp", "_728.webp", "_1024.webp"])
        expect(await exists(fileOf(picture.url).replace(/\.jpg$/, suffix))).toBe(true);
      const served = await t.app.request(`http://localhost${picture.url.replace(/\.jpg$/, "_728.webp")}`);
      expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/webp"]);
    }
    const audit = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "picture.create"), eq(auditEvents.entityId, String(added[0].id))));
    expect(audit[0]).toMatchObject({
      actorKind: "token",
      actorLabel: "catalogue desk",
    });
  });

  it("refuses an SVG, a script renamed .jpg and a 30 MB file by content and size, storing none of the upload", async () => {
    const pictures = async () => (await t.deps.db.select().from(productImages).where(eq(productImages.productId, product.id))).length;
    const held = await pictures();

    const svg = await upload(
      product.id,
      uploadForm([
        { bytes: await png("#000000"), name: "fine.png" },
        {
          bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          name: "x.svg",
          type: "image/svg+xml",
        },
      ]),
    );
    expect(svg).toEqual({
      status: 415,
      body: {
        error: "Pictures must be JPEG, PNG, WebP or AVIF",
        field: "file",
      },
    });
    const script = await upload(
      product.id,
      uploadForm([
        {
          bytes: Buffer.from("<?php system($_GET['c']);"),
          name: "cat.jpg",
          type: "image/jpeg",
        },
      ]),
    );
    expect(script).toEqual({
      status: 415,
      body: {
        error: "Pictures must be JPEG, PNG, WebP or AVIF",
        field: "file",
      },
    });
    const big = await upload(
      product.id,
      uploadForm([
        {
          bytes: Buffer.concat([await png("#000000"), Buffer.alloc(30 * 1024 * 1024)]),
          name: "big.png",
        },
      ]),
    );
    expect(big).toEqual({
      status: 413,
      body: { error: "A picture must be at most 20 MB", field: "file" },
    });
    expect(await pictures()).toBe(held);

    expect(await upload(product.id, uploadForm([]))).toEqual({
      status: 400,
      body: { error: "Choose at least one picture", field: "file" },
    });
    expect((await upload(999_999, uploadForm([{ bytes: await png("#000000"), name: "a.png" }]))).status).toBe(404);
  });

  it("refuses a request over 100 MB while it streams in, and takes nothing larger than 64 KB elsewhere", async () => {
    const huge = new Uint8Array(101 * 1024 * 1024);
    const response = await t.app.request(`http://localhost/api/admin/products/${product.id}/pictures`, {
      method: "POST",
      body: huge,
      headers: {
        ...manager,
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(huge.length),
      },
    });
    expect([response.status, await response.json()]).toEqual([413, { error: "Send at most 10 pictures and 100 MB at once" }]);
    const elsewhere = await t.call("PATCH", "/api/admin/pictures/1", "x".repeat(70 * 1024), manager);
    expect(elsewhere.status).toBe(413);
  });

  it("gives no more than 64 KB to a caller without a sign-in or without the catalogue", async () => {
    for (const headers of [{}, fulfilment]) {
      const response = await t.app.request(`http://localhost/api/admin/products/${product.id}/pictures`, {
        method: "POST",
        body: new Uint8Array(1024 * 1024),
        headers: { ...headers, "content-type": "multipart/form-data; boundary=x" },
      });
      expect([response.status, await response.json()]).toEqual([413, { error: BODY_TOO_LARGE_MESSAGE }]);
    }
  });

  it("changes alt text, moves a picture, and keeps a published product's pictures described", async () => {
    const { body } = await upload(product.id, uploadForm([{ bytes: await png("#3333aa"), name: "blue.png" }]));
    const last = body.pictures!.at(-1)!;
    const moved = await call("PATCH", `/api/admin/pictures/${last.id}`, {
      position: 0,
      alt_text: "  Blue  ",
    });
    expect(moved.status).toBe(200);
    expect(moved.body.pictures![0]).toMatchObject({
      id: last.id,
      position: 0,
      alt_text: "Blue",
    });
    expect(moved.body.pictures!.map((picture) => picture.position)).toEqual(moved.body.pictures!.map((_, i) => i));
    const past = await call("PATCH", `/api/admin/pictures/${last.id}`, {
      position: 99,
    });
    expect(past.body.pictures!.at(-1)!.id).toBe(last.id);
    expect((await call("PATCH", `/api/admin/pictures/${last.id}`, {})).body).toEqual({ error: "Send alt_text, position or both" });
    expect((await call("PATCH", `/api/admin/pictures/${last.id}`, { position: -1 })).body.field).toBe("position");
    expect((await call("PATCH", "/api/admin/pictures/999999", { position: 0 })).status).toBe(404);

    // Published: every picture needs its alt text, on upload and on change.
    for (const picture of past.body.pictures!)
      await call("PATCH", `/api/admin/pictures/${picture.id}`, {
        alt_text: picture.alt_text || "Described",
      });
    await t.deps.db.update(products).set({ status: "active" }).where(eq(products.id, product.id));
    expect(await call("PATCH", `/api/admin/pictures/${last.id}`, { alt_text: " " })).toEqual({
      status: 400,
      body: {
        error: "Alt text is required on a published product's pictures",
        field: "alt_text",
      },
    });
    expect((await upload(product.id, uploadForm([{ bytes: await png("#333333"), name: "grey.png" }]))).body).toEqual({
      error: "Alt text is required on a published product's pictures",
      field: "alt_text",
    });
    await t.deps.db.update(products).set({ status: "draft" }).where(eq(products.id, product.id));
  });

  it("names a variant's picture, only one of its product's, and removes a picture with its files", async () => {
    const [variant] = await t.deps.db.select().from(variants).where(eq(variants.productId, product.id)).limit(1);
    const { body } = await upload(product.id, uploadForm([{ bytes: await png("#aaaa33"), name: "yellow.png" }]));
    const picture = body.pictures!.at(-1)!;
    const [elsewhere] = await t.deps.db.select().from(productImages).where(eq(productImages.productId, otherProductId)).limit(1);

    expect(
      await call("PUT", `/api/admin/variants/${variant.id}/picture`, {
        picture_id: picture.id,
      }),
    ).toEqual({
      status: 200,
      body: { variant_id: variant.id, picture_id: picture.id },
    });
    expect(
      await call("PUT", `/api/admin/variants/${variant.id}/picture`, {
        picture_id: elsewhere.id,
      }),
    ).toEqual({
      status: 400,
      body: {
        error: "The picture must be one of the variant's product's",
        field: "picture_id",
      },
    });
    expect((await call("PUT", `/api/admin/variants/${variant.id}/picture`, {})).body.field).toBe("picture_id");

    const removed = await call("DELETE", `/api/admin/pictures/${picture.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.pictures!.map((each) => each.id)).not.toContain(picture.id);
    expect(removed.body.pictures!.map((each) => each.position)).toEqual(removed.body.pictures!.map((_, i) => i));
    for (const suffix of [".jpg", ".webp", "_728.webp", "_1024.webp"])
      expect(await exists(fileOf(picture.url).replace(/\.jpg$/, suffix))).toBe(false);
    const [after] = await t.deps.db.select({ imageId: variants.imageId }).from(variants).where(eq(variants.id, variant.id));
    expect(after.imageId).toBeNull();
    expect((await call("DELETE", `/api/admin/pictures/${picture.id}`)).status).toBe(404);
  });
});

describe("the pictures routes in the OpenAPI document", () => {
  it("documents the upload as a multipart form with its own 413 and 415", async () => {
    type Operation = { requestBody: { content: Record<string, unknown> }; responses: Record<string, { description: string }> };
    const doc = (await (await t.call("GET", "/api/openapi.json")).json()) as { paths: Record<string, Record<string, Operation>> };
    const upload = doc.paths["/api/admin/products/{id}/pictures"].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(["multipart/form-data"]);
    expect(upload.responses["413"].description).toBe("A picture must be at most 20 MB, or the request carries more than 10 pictures or 100 MB");
    expect(upload.responses["415"].description).toBe("Pictures must be JPEG, PNG, WebP or AVIF");
    expect(doc.paths["/api/admin/variants/{id}/picture"].put).toBeDefined();
    expect(doc.paths["/api/admin/pictures/{id}"].patch.responses["413"].description).toBe("Request body is larger than 64 KB");
  });
});
