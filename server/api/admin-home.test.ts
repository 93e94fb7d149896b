/**
 * The home page through the admin API (/api/admin/settings/home, /api/admin/testimonials): banners, the banner's
 * product, height, sections and pictures changed through the settings' one writer; testimonials added, edited,
 * reordered and removed; every write audited; bad input refused naming the field with nothing stored; fulfilment
 * staff refused.
 */
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_HOME_SECTIONS } from "../../core/home-sections";
import type { TestApp } from "../../tests/support/app";
import { adminApi, type AdminAnswer as Answer } from "../../tests/support/api-tokens";
import { listTestimonials } from "../catalog/reviews";
import { DEMO } from "../db/seed";
import { products } from "../db/schema";
import { getStoreSettings } from "../store/settings";

const api = adminApi();
const { call, lastAudit } = api;
let t: TestApp;
let manager: Record<string, string>;
let fulfilment: Record<string, string>;
beforeAll(() => ({ t, manager, fulfilment } = api));

const settings = () => getStoreSettings(t.deps.db, t.deps.storeId);
const testimonialIds = async () => ((await call("GET", "/api/admin/testimonials")).body.testimonials as { id: number }[]).map((entry) => entry.id);

describe("the home page's settings", () => {
  it("reads the banners, the sections in today's order and the featured collection", async () => {
    const { status, body } = await call("GET", "/api/admin/settings/home");
    expect(status).toBe(200);
    expect(body).toMatchObject({ bannerProductHandle: DEMO.bannerProductHandle, bannerHeight: 560, homeSections: DEFAULT_HOME_SECTIONS });
    expect(body.featuredCollection).toMatchObject({ title: expect.any(String), handle: expect.any(String) });
  });

  it("changes the texts, the button's product, the height and the sections, audited with what changed", async () => {
    const homeSections = [...DEFAULT_HOME_SECTIONS].reverse().map((section) => ({ ...section, visible: section.key !== "imageBand" }));
    const change = { bannerHeader: "Roasted by the sea", bannerButtonText: "Try the decaf", bannerProductHandle: DEMO.productHandles.decaf, bannerHeight: 400, homeSections };
    const { status, body } = await call("PATCH", "/api/admin/settings/home", change);
    expect(status).toBe(200);
    expect(body).toMatchObject(change);
    const stored = await settings();
    expect(stored.siteContent).toMatchObject({ bannerHeader: "Roasted by the sea", bannerProductHandle: DEMO.productHandles.decaf, bannerHeight: 400 });
    expect(stored.homeSections).toEqual(homeSections);
    const audit = await lastAudit("store_settings");
    expect(audit.action).toBe("home_page.update");
    expect(audit.actorLabel).toBe("shopkeeper");
    expect(audit.changes).toMatchObject({ "siteContent.bannerHeader": { after: "Roasted by the sea" }, "siteContent.bannerHeight": { before: 560, after: 400 } });
  });

  it("goes back to the default height with null", async () => {
    expect((await call("PATCH", "/api/admin/settings/home", { bannerHeight: null })).body.bannerHeight).toBeNull();
    expect((await settings()).siteContent.bannerHeight).toBeUndefined();
  });

  it.each([
    [{ bannerHeight: 100 }, "bannerHeight", /at least 250/],
    [{ bannerHeight: 12.5 }, "bannerHeight", /whole pixels/],
    [{ bannerHeader: "" }, "bannerHeader", /required/],
    [{ bannerProductHandle: "no-such-product" }, "bannerProductHandle", /on sale/],
    [{ homeSections: [{ key: "featured", visible: true }, { key: "featured", visible: false }] }, "homeSections", /once/],
    [{ homeSections: [{ key: "newsletter", visible: true }] }, "homeSections.0.key", /sections/],
    [{ bannerImage: "/elsewhere.jpg" }, "", /bannerImage/],
  ])("refuses %j naming the field, storing nothing", async (change, field, message) => {
    const before = await settings();
    const { status, body } = await call("PATCH", "/api/admin/settings/home", change);
    expect(status).toBe(400);
    if (field) expect(body.field).toBe(field);
    expect(body.error).toMatch(message);
    expect(await settings()).toEqual(before);
  });

  it("refuses a product that is not on sale", async () => {
    await t.deps.db.update(products).set({ status: "draft" }).where(and(eq(products.storeId, t.deps.storeId), eq(products.handle, DEMO.productHandles.sencha)));
    const { status, body } = await call("PATCH", "/api/admin/settings/home", { bannerProductHandle: DEMO.productHandles.sencha });
    expect({ status, field: body.field }).toEqual({ status: 400, field: "bannerProductHandle" });
  });

  it("takes a new title banner picture through the shop's picture intake", async () => {
    const png = await sharp({ create: { width: 60, height: 30, channels: 3, background: "#1D4E47" } }).png().toBuffer();
    const form = new FormData();
    form.append("file", new File([new Uint8Array(png)], "banner.png", { type: "image/png" }));
    const response = await t.app.request("/api/admin/settings/home/pictures/bannerImage", { method: "POST", body: form, headers: manager });
    expect(response.status).toBe(201);
    const { bannerImage } = (await response.json()) as { bannerImage: string };
    expect(bannerImage).toMatch(/^\/images\/site\/[0-9a-f-]{36}\.jpg$/);
    expect((await settings()).siteContent.bannerImage).toBe(bannerImage);
  });

  it("refuses a picture slot the home does not have", async () => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array([1, 2, 3])], "x.png", { type: "image/png" }));
    const response = await t.app.request("/api/admin/settings/home/pictures/logo", { method: "POST", body: form, headers: manager });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Answer).field).toBe("slot");
  });
});

describe("testimonials", () => {
  const entry = { title: "Best beans in town", main_review: "Fresh every week.", rating: 4, name: "Ada" };

  it("adds one last, edits it, moves it first and removes it, each audited, as the home reads them", async () => {
    const added = await call("POST", "/api/admin/testimonials", entry);
    expect(added.status).toBe(201);
    const { id } = added.body.testimonial as { id: number };
    expect((await listTestimonials(t.deps.db, t.deps.storeId)).at(-1)).toEqual(entry);
    expect((await lastAudit("testimonial")).action).toBe("testimonial.create");

    const edited = await call("PUT", `/api/admin/testimonials/${id}`, { ...entry, rating: 5 });
    expect(edited.body.testimonial).toEqual({ id, ...entry, rating: 5 });
    expect((await lastAudit("testimonial")).changes).toEqual({ rating: { before: 4, after: 5 } });

    const ids = await testimonialIds();
    const reordered = [id, ...ids.filter((other) => other !== id)];
    expect((await call("PUT", "/api/admin/testimonials/order", { ids: reordered })).status).toBe(200);
    expect((await listTestimonials(t.deps.db, t.deps.storeId))[0].title).toBe(entry.title);
    expect((await lastAudit("testimonial")).action).toBe("testimonial.reorder");

    expect((await call("DELETE", `/api/admin/testimonials/${id}`)).status).toBe(200);
    expect(await testimonialIds()).toEqual(reordered.slice(1));
    expect((await lastAudit("testimonial")).action).toBe("testimonial.delete");
  });

  it.each([
    [{ ...entry, rating: 0 }, "rating"],
    [{ ...entry, rating: 6 }, "rating"],
    [{ ...entry, title: "  " }, "title"],
    [{ ...entry, main_review: "" }, "main_review"],
    [{ ...entry, name: undefined }, "name"],
  ])("refuses %j naming %s", async (body, field) => {
    const before = await testimonialIds();
    const answer = await call("POST", "/api/admin/testimonials", body);
    expect({ status: answer.status, field: answer.body.field }).toEqual({ status: 400, field });
    expect(await testimonialIds()).toEqual(before);
  });

  it("refuses an order that leaves one out or names one twice", async () => {
    const ids = await testimonialIds();
    for (const order of [ids.slice(1), [...ids, ids[0]]]) {
      const answer = await call("PUT", "/api/admin/testimonials/order", { ids: order });
      expect({ status: answer.status, field: answer.body.field }).toEqual({ status: 400, field: "ids" });
    }
    expect(await testimonialIds()).toEqual(ids);
  });

  it("answers 404 for a testimonial it does not hold", async () => {
    expect((await call("PUT", "/api/admin/testimonials/999999", entry)).status).toBe(404);
    expect((await call("DELETE", "/api/admin/testimonials/999999")).status).toBe(404);
  });
});

describe("permissions", () => {
  it("shuts the home page's API to fulfilment staff", async () => {
    for (const [method, path, body] of [
      ["GET", "/api/admin/settings/home"],
      ["PATCH", "/api/admin/settings/home", { bannerHeader: "Nope" }],
      ["GET", "/api/admin/testimonials"],
      ["POST", "/api/admin/testimonials", { title: "x", main_review: "x", rating: 5, name: "x" }],
    ] as const) {
      expect((await call(method, path, body, fulfilment)).status).toBe(403);
    }
  });
});
