/**
 * The home page screen (app/routes/admin.home), rendered for real through Vite and posted as a browser posts it
 * before its JavaScript loads: the banners saved and shown on / at once (the page and content caches follow the
 * content version), a section hidden and one moved, a testimonial added, moved and removed, bad input refused beside
 * its field with what was typed, and the screen shut to fulfilment staff.
 */
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { renderedBackOffice } from "../../tests/support/admin-pages";
import { HOME_SECTION_KEYS } from "../../core/home-sections";
import { type TestApp } from "../../tests/support/app";
import { listTestimonials } from "../catalog/reviews";
import { DEMO } from "../db/seed";
import { listTestimonialRecords } from "../catalog/home-page";
import { getStoreSettings } from "../store/settings";

let t: TestApp;
let owner: string;
let packer: string;

const office = renderedBackOffice({ PUBLIC_URL: "https://shop.example.com" });
const { get, post, html } = office;

beforeAll(() => {
  ({ t, owner, packer } = office);
});

const settings = () => getStoreSettings(t.deps.db, t.deps.storeId);

/** The banners form as the page posts it: every field as loaded, with `changes` typed over them. */
async function bannerForm(changes: Record<string, string>) {
  const { siteContent } = await settings();
  return {
    intent: "save",
    bannerHeader: siteContent.bannerHeader,
    bannerHeight: String(siteContent.bannerHeight ?? ""),
    bannerText: siteContent.bannerText,
    bannerButtonText: siteContent.bannerButtonText,
    bannerProductHandle: siteContent.bannerProductHandle,
    ...changes,
  };
}

/** What marks a section in the home page's HTML. */
const MARKERS = { products: 'id="products-heading"', testimonials: 'id="testimonials-heading"', featured: 'id="featured-heading"' };

describe("the home page screen", () => {
  it("shows the banners, the sections and the testimonials", async () => {
    const page = await html(await get("/admin/home", owner));
    expect(page).toContain("Small-batch coffee, roasted by the harbour");
    expect(page).toContain('name="visible.testimonials"');
    expect(page).toContain("Save testimonial");
  });

  it("saves the banners, which the home page shows at once", async () => {
    expect(await html(await get("/"))).toContain("Small-batch coffee, roasted by the harbour");
    const saved = await post("/admin/home", await bannerForm({ bannerHeader: "Roasted on the quay", bannerButtonText: "Meet the decaf", bannerProductHandle: DEMO.productHandles.decaf }), owner);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/admin/home?notice=saved");
    const home = await html(await get("/"));
    expect(home).toContain("Roasted on the quay");
    expect(home).toContain("Meet the decaf");
    expect(home).toContain(`href="/products/${DEMO.productHandles.decaf}"`);
  });

  it("refuses a height below 250 beside its field, keeping what was typed and storing nothing", async () => {
    const refused = await html(await post("/admin/home", await bannerForm({ bannerHeight: "120", bannerHeader: "Typed but refused" }), owner), 400);
    expect(refused).toContain("at least 250 pixels");
    expect(refused).toContain('value="Typed but refused"');
    expect(refused).toMatch(/name="bannerHeight"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="bannerHeight"/);
    expect((await settings()).siteContent.bannerHeader).toBe("Roasted on the quay");
  });

  it("hides a section and moves another, as the home page shows at once", async () => {
    const form: [string, string][] = [["intent", "sections"], ["move", "testimonials:up"]];
    for (const key of HOME_SECTION_KEYS) {
      form.push(["order", key]);
      if (key !== "featured") form.push([`visible.${key}`, "on"]);
    }
    expect((await post("/admin/home", form, owner)).status).toBe(302);
    const sections = (await settings()).homeSections;
    expect(sections.map((section) => section.key).indexOf("testimonials")).toBeLessThan(sections.map((section) => section.key).indexOf("imageBand"));
    expect(sections.find((section) => section.key === "featured")?.visible).toBe(false);
    const imageBand = (await settings()).siteContent.imageBand.replace(/\.jpg$/, "");
    const home = await html(await get("/"));
    expect(home).not.toContain(MARKERS.featured);
    expect(home.indexOf(MARKERS.products)).toBeLessThan(home.indexOf(MARKERS.testimonials));
    expect(home.indexOf(MARKERS.testimonials)).toBeLessThan(home.indexOf(`${imageBand}_1024.webp`));
  });

  it("adds a testimonial, which the home's carousel shows at once; moves it earlier and removes it", async () => {
    const added = await post("/admin/home", { intent: "testimonial-save", title: "Worth the trip", main_review: "I drive an hour for these beans.", rating: "5", name: "Morgan" }, owner);
    expect(added.headers.get("location")).toBe("/admin/home?notice=added");
    expect(await html(await get("/"))).toContain("I drive an hour for these beans.");
    const records = await listTestimonialRecords(t.deps.db, t.deps.storeId);
    const id = String(records.at(-1)!.id);
    expect((await post("/admin/home", { intent: "testimonial-up", id }, owner)).status).toBe(302);
    expect((await listTestimonials(t.deps.db, t.deps.storeId)).at(-2)?.title).toBe("Worth the trip");
    expect((await post("/admin/home", { intent: "testimonial-delete", id }, owner)).headers.get("location")).toBe("/admin/home?notice=deleted");
    expect(await html(await get("/"))).not.toContain("I drive an hour for these beans.");
  });

  it("refuses a testimonial without a name beside its field", async () => {
    const refused = await html(await post("/admin/home", { intent: "testimonial-save", title: "No name", main_review: "Nice", rating: "5", name: "" }, owner), 400);
    expect(refused).toContain("Name is required");
    expect(refused).toContain('value="No name"');
  });

  it("uploads a new image band picture through the page", async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#7A4A26" } }).png().toBuffer();
    const form = new FormData();
    form.append("intent", "picture");
    form.append("slot", "imageBand");
    form.append("file", new File([new Uint8Array(png)], "band.png", { type: "image/png" }));
    const saved = await post("/admin/home", form, owner);
    expect(saved.headers.get("location")).toBe("/admin/home?notice=picture-saved");
    const { imageBand } = (await settings()).siteContent;
    expect(imageBand).toMatch(/^\/images\/site\//);
    expect(await html(await get("/"))).toContain(imageBand.replace(/\.jpg$/, ""));
  });

  it("is shut to fulfilment staff", async () => {
    expect((await get("/admin/home", packer)).status).toBe(403);
    expect((await post("/admin/home", { intent: "testimonial-save", title: "x", main_review: "x", rating: "5", name: "x" }, packer)).status).toBe(403);
  });
});
