/**
 * The back office's forms (store settings, theme, home page, shipping, testimonials), rendered for real through Vite
 * and posted as a browser posts them, each with a NUL in one of its text fields: the database cannot store one, so
 * each post is refused with a 400 naming the field, and nothing is saved. The form's door (http/page-form.ts) checks
 * every page's form, so no action is handed such text whatever it parses with.
 */
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { UNSTORABLE_TEXT_MESSAGE } from "../../core/storable-text";
import { renderedBackOffice, type PostedForm } from "../../tests/support/admin-pages";
import { type TestApp } from "../../tests/support/app";
import { getStoreSettings } from "../store/settings";
import { listTestimonialRecords } from "../catalog/home-page";
import { listShippingOptionRecords } from "../store/rules";

let t: TestApp;
let owner: string;

const office = renderedBackOffice();
const { post } = office;

beforeAll(() => {
  ({ t, owner } = office);
});

/** Everything the back office stores from these forms, to show a refused post changed none of it. */
async function stored() {
  const { db, storeId } = t.deps;
  return {
    settings: await getStoreSettings(db, storeId),
    shipping: await listShippingOptionRecords(db, storeId),
    testimonials: await listTestimonialRecords(db, storeId),
  };
}

async function expectRefused(path: string, form: PostedForm, field: string) {
  const before = await stored();
  const response = await post(path, form, owner);
  expect(response.status).toBe(400);
  expect(await response.text()).toContain(`${field}: ${UNSTORABLE_TEXT_MESSAGE}`);
  expect(await stored()).toEqual(before);
}

const NUL = "Tide\u0000water";
const testimonial = { intent: "testimonial-save", title: "Worth the trip", main_review: "I drive an hour for these beans.", rating: "5", name: "Morgan" };
const shipping = { intent: "save", name: "Courier", details: "Next day", price: "9.00", free_shipping_threshold: "" };

describe("a back-office form with text the database cannot store", () => {
  it("is refused naming the store settings' field", async () => {
    await expectRefused("/admin/settings", { website_title: NUL, contact_email: "", checkout_enabled: "on", minimum_order: "20.00" }, "website_title");
  });

  it("is refused naming the theme's callout text, and the logo's description", async () => {
    await expectRefused("/admin/theme", { intent: "save", "callout.text": NUL }, "callout.text");
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#7A4A26" } }).png().toBuffer();
    const logo = new FormData();
    logo.append("intent", "logo");
    logo.append("alt_text", NUL);
    logo.append("file", new File([new Uint8Array(png)], "logo.png", { type: "image/png" }));
    await expectRefused("/admin/theme", logo, "alt_text");
  });

  it("is refused naming the home banner's header", async () => {
    await expectRefused("/admin/home", { intent: "save", bannerHeader: NUL, bannerText: "", bannerButtonText: "Shop", bannerProductHandle: "house-blend" }, "bannerHeader");
  });

  it("is refused naming the shipping option's name and details", async () => {
    for (const field of ["name", "details"]) await expectRefused("/admin/shipping", { ...shipping, [field]: NUL }, field);
  });

  it("is refused naming the testimonial's title, review and name", async () => {
    for (const field of ["title", "main_review", "name"]) await expectRefused("/admin/home", { ...testimonial, [field]: NUL }, field);
  });
});
