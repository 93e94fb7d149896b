import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { SKU } from "../../tests/support/checkout";
import type { TestApp } from "../../tests/support/app";
import { adminApi } from "../../tests/support/api-tokens";
import { getStoreSettings } from "../store/settings";
import { serverTimeZone } from "../../core/shop-time";

const api = adminApi();
const { call, lastAudit } = api;
let t: TestApp;
let manager: Record<string, string>;
let fulfilment: Record<string, string>;
beforeAll(() => ({ t, manager, fulfilment } = api));

const settings = () => getStoreSettings(t.deps.db, t.deps.storeId);

/** Puerto Rico: a region the demo shop has no tax rate for. */
const ADDRESS = { line1: "1 Calle Fortaleza", city: "San Juan", state: "pr", postal_code: "00901", country: "us" };

/** What checkout charges a session of two bags of the House Blend with this shipping option, shipped to ADDRESS. */
async function checkoutPrice(shippingOption: string) {
  const cart = await t.call("POST", "/api/cart-items", { cartItems: [{ kind: "product", sku: SKU, quantity: 2 }] });
  const cookie = cart.headers.getSetCookie()[0].split(";")[0];
  const session = (await (
    await t.call("POST", "/api/stripe/create_checkout_session", { checkout_items: [{ quantity: 2, sku: SKU }], store_id: t.deps.storeId, cost_of_checkout: 3200 }, { cookie })
  ).json()) as { session_id: string };
  const preview = await t.call(
    "POST",
    "/api/stripe/preview_tax",
    { session_id: session.session_id, store_id: t.deps.storeId, address: ADDRESS, email: "shopper@example.com", shipping_option: shippingOption },
    { cookie },
  );
  return ((await preview.json()) as { price_info: { subtotal: number; shipping: number; tax: number } }).price_info;
}

describe("store rules", () => {
  it("reads and replaces the store's name, contact email, checkout switch and minimum order, audited", async () => {
    expect((await call("GET", "/api/admin/settings/rules")).body).toEqual({
      website_title: "Tidewater Coffee & Tea",
      contact_email: null,
      time_zone: serverTimeZone(),
      checkout_enabled: true,
      minimum_order_cents: 2000,
      cart_reminder_delay_minutes: 240,
      subscription_reminder_days: 3,
      return_window_days: 30,
      legal_name: "",
      legal_address: "",
      tax_id: "",
    });
    const rules = { website_title: "Tidewater Roasters", contact_email: "hello@tidewater.example", checkout_enabled: true, minimum_order_cents: 1500 };
    // Rules sent without the reminders' timing keep it.
    expect(await call("PUT", "/api/admin/settings/rules", rules)).toEqual({
      status: 200,
      body: { ...rules, time_zone: serverTimeZone(), cart_reminder_delay_minutes: 240, subscription_reminder_days: 3, return_window_days: 30, legal_name: "", legal_address: "", tax_id: "" },
    });
    expect((await settings()).websiteTitle).toBe("Tidewater Roasters");
    expect((await lastAudit("store_settings"))).toMatchObject({
      action: "store_rules.update",
      actorLabel: "shopkeeper",
      changes: { websiteTitle: { before: "Tidewater Coffee & Tea", after: "Tidewater Roasters" }, contactEmail: { before: null, after: "hello@tidewater.example" } },
    });
    const cleared = await call("PUT", "/api/admin/settings/rules", { ...rules, contact_email: null });
    expect(cleared.body.contact_email).toBeNull();
    expect((await settings()).contactEmail).toBeUndefined();
    // The return window (decision 0056): 0 turns customer-started returns off; a part of a day is refused by its name.
    expect((await call("PUT", "/api/admin/settings/rules", { ...rules, return_window_days: 0 })).body.return_window_days).toBe(0);
    expect((await settings()).returns.windowDays).toBe(0);
    expect((await call("PUT", "/api/admin/settings/rules", { ...rules, return_window_days: 1.5 })).body).toEqual({
      error: "Return window must be whole days",
      field: "return_window_days",
    });
    await call("PUT", "/api/admin/settings/rules", { ...rules, return_window_days: 30 });
  });

  it("keeps the shop's time zone, an IANA name, audited, and refuses a name Intl does not know", async () => {
    const rules = { website_title: "Tidewater Roasters", contact_email: null, checkout_enabled: true, minimum_order_cents: 1500 };
    expect((await call("PUT", "/api/admin/settings/rules", { ...rules, time_zone: "America/New_York" })).body).toMatchObject({ time_zone: "America/New_York" });
    expect((await settings()).timeZone).toBe("America/New_York");
    expect(await lastAudit("store_settings")).toMatchObject({
      action: "store_rules.update",
      changes: { timeZone: { before: serverTimeZone(), after: "America/New_York" } },
    });
    // Rules sent without it keep it.
    expect((await call("PUT", "/api/admin/settings/rules", rules)).body).toMatchObject({ time_zone: "America/New_York" });
    for (const zone of ["Mars/Olympus", "+05:00", ""]) {
      const refused = await call("PUT", "/api/admin/settings/rules", { ...rules, time_zone: zone });
      expect(refused).toMatchObject({ status: 400, body: { field: "time_zone", error: "Time zone must be a time zone such as America/New_York" } });
    }
    await call("PUT", "/api/admin/settings/rules", { ...rules, time_zone: serverTimeZone() });
  });

  it("keeps the seller's legal name, address and tax id for invoices, and refuses an address of more than six lines", async () => {
    const rules = { website_title: "Tidewater Roasters", contact_email: null, checkout_enabled: true, minimum_order_cents: 1500 };
    const legal = { legal_name: "Tidewater Roasting LLC", legal_address: "1 Dock St\nPortland, OR 97201", tax_id: "12-3456789" };
    expect((await call("PUT", "/api/admin/settings/rules", { ...rules, ...legal })).body).toMatchObject(legal);
    expect((await settings()).invoicing).toEqual({ legalName: "Tidewater Roasting LLC", address: "1 Dock St\nPortland, OR 97201", taxId: "12-3456789" });
    // Rules sent without them keep them.
    expect((await call("PUT", "/api/admin/settings/rules", rules)).body).toMatchObject(legal);
    const tooLong = await call("PUT", "/api/admin/settings/rules", { ...rules, legal_address: "a\nb\nc\nd\ne\nf\ng" });
    expect(tooLong).toMatchObject({ status: 400, body: { field: "legal_address", error: "Legal address must be at most 6 lines" } });
    expect((await call("PUT", "/api/admin/settings/rules", { ...rules, legal_name: "", legal_address: "", tax_id: "" })).body).toMatchObject({ legal_name: "" });
  });

  it("refuses a bad rule naming its field, and refuses roles without the settings permission", async () => {
    const bad = await call("PUT", "/api/admin/settings/rules", { website_title: " ", contact_email: null, checkout_enabled: true, minimum_order_cents: 0 });
    expect(bad).toMatchObject({ status: 400, body: { field: "website_title" } });
    const rules = { website_title: "Tidewater Roasters", contact_email: null, checkout_enabled: true, minimum_order_cents: 1500 };
    for (const delay of [0, 10081, 1.5, "30"]) {
      const refused = await call("PUT", "/api/admin/settings/rules", { ...rules, cart_reminder_delay_minutes: delay });
      expect(refused).toMatchObject({ status: 400, body: { field: "cart_reminder_delay_minutes" } });
    }
    const set = await call("PUT", "/api/admin/settings/rules", { ...rules, cart_reminder_delay_minutes: 30 });
    expect(set.body.cart_reminder_delay_minutes).toBe(30);
    expect((await settings()).checkout.reminderDelayMinutes).toBe(30);
    expect(await lastAudit("store_settings")).toMatchObject({ changes: { "checkout.reminderDelayMinutes": { before: 240, after: 30 } } });
    for (const days of [0, 31, 2.5]) {
      const refused = await call("PUT", "/api/admin/settings/rules", { ...rules, subscription_reminder_days: days });
      expect(refused).toMatchObject({ status: 400, body: { field: "subscription_reminder_days" } });
    }
    expect((await call("PUT", "/api/admin/settings/rules", { ...rules, subscription_reminder_days: 5 })).body.subscription_reminder_days).toBe(5);
    expect((await settings()).subscriptions.reminderDays).toBe(5);
    expect((await call("GET", "/api/admin/settings/rules", undefined, fulfilment)).status).toBe(403);
    expect((await call("GET", "/api/admin/shipping-options", undefined, fulfilment)).status).toBe(403);
  });
});

describe("shipping options and tax rates", () => {
  it("edits exactly what checkout charges: an option's price and threshold, a region's rate and whether shipping is taxed", async () => {
    const list = (await call("GET", "/api/admin/shipping-options")).body.shipping_options as { id: number; key: string; name: string }[];
    expect(list.map((option) => option.key)).toEqual(["standard", "express", "overnight"]);
    const created = await call("POST", "/api/admin/shipping-options", { name: "Bike courier (San Juan)", details: "Same day", price_cents: 800, free_shipping_threshold_cents: 3000 });
    expect(created).toMatchObject({ status: 201, body: { shipping_option: { key: "bike-courier-san-juan", price_cents: 800, free_shipping_threshold_cents: 3000 } } });
    const shopOptions = (await (await t.call("POST", "/api/stripe/get_shipping_options", { address: ADDRESS, store_id: t.deps.storeId, email: "a@example.com" })).json()) as {
      shipping_options: { shipping_option_id: string; price: number }[];
    };
    expect(shopOptions.shipping_options.at(-1)).toMatchObject({ shipping_option_id: "bike-courier-san-juan", price: 8 });

    const tax = await call("POST", "/api/admin/tax-rates", { country: "us", region: "pr", rate_basis_points: 1000, taxes_shipping: true });
    expect(tax).toMatchObject({ status: 201, body: { tax_rate: { country: "US", region: "PR", rate_basis_points: 1000, taxes_shipping: true } } });
    // Two bags at $16 reach the $30 threshold: free shipping, and 10 % on the goods alone.
    expect(await checkoutPrice("bike-courier-san-juan")).toMatchObject({ subtotal: 3200, shipping: 0, tax: 320 });
    const id = (created.body.shipping_option as { id: number }).id;
    await call("PUT", `/api/admin/shipping-options/${id}`, { name: "Bike courier", details: "", price_cents: 800, free_shipping_threshold_cents: null });
    expect(await checkoutPrice("bike-courier-san-juan")).toMatchObject({ subtotal: 3200, shipping: 800, tax: 400 });
    expect(await lastAudit("shipping_option")).toMatchObject({
      action: "shipping_option.update",
      changes: { name: { before: "Bike courier (San Juan)", after: "Bike courier" }, free_shipping_threshold_cents: { before: 3000, after: null }, details: { before: "Same day", after: "" } },
    });

    const taxId = (tax.body.tax_rate as { id: number }).id;
    expect((await call("POST", "/api/admin/tax-rates", { country: "US", region: "PR", rate_basis_points: 500 })).body).toEqual({
      error: "This country and region already have a rate",
      field: "region",
    });
    expect(await call("DELETE", `/api/admin/tax-rates/${taxId}`)).toEqual({ status: 200, body: { success: true } });
    expect(await checkoutPrice("bike-courier-san-juan")).toMatchObject({ tax: 0 });
    expect(await call("DELETE", `/api/admin/shipping-options/${id}`)).toEqual({ status: 200, body: { success: true } });
    expect((await call("DELETE", `/api/admin/shipping-options/${id}`)).status).toBe(404);
  });

  it("keeps the last shipping option: checkout needs one", async () => {
    const list = (await call("GET", "/api/admin/shipping-options")).body.shipping_options as { id: number }[];
    for (const option of list.slice(1)) expect((await call("DELETE", `/api/admin/shipping-options/${option.id}`)).status).toBe(200);
    expect(await call("DELETE", `/api/admin/shipping-options/${list[0].id}`)).toMatchObject({ status: 409 });
  });
});

describe("looks", () => {
  it("changes the callout and the primary colour, which the shop's settings show at once", async () => {
    const changed = await call("PATCH", "/api/admin/settings/looks", { callout: { text: "Fresh roast Fridays" }, styles: { colors: { primary: "#0B3D36" } } });
    expect(changed.status).toBe(200);
    expect(changed.body.callout).toMatchObject({ text: "Fresh roast Fridays" });
    expect((await settings()).styles.colors.primary).toBe("#0B3D36");
    expect(await lastAudit("store_settings")).toMatchObject({ action: "store_looks.update" });
  });

  it("saves a theme draft the live shop does not show, publishes it (audited) or discards it, through the screen's functions", async () => {
    const live = (await settings()).styles.colors.primary;
    expect(await call("GET", "/api/admin/settings/theme-draft")).toEqual({ status: 200, body: { draft: null } });
    const saved = await call("PUT", "/api/admin/settings/theme-draft", { callout: { text: "Draft Fridays" }, styles: { colors: { primary: "#5A2D82" } } });
    expect(saved).toMatchObject({ status: 200, body: { draft: { callout: { text: "Draft Fridays" }, styles: { colors: { primary: "#5A2D82" } } } } });
    expect((await settings()).styles.colors.primary).toBe(live);
    expect((await call("GET", "/api/admin/settings/theme-draft")).body).toEqual(saved.body);
    expect(await call("PUT", "/api/admin/settings/theme-draft", { callout: { backgroundColor: "#949494" } })).toMatchObject({
      status: 400,
      body: { field: "callout.backgroundColor" },
    });
    expect((await call("GET", "/api/admin/settings/theme-draft")).body).toEqual(saved.body);
    expect((await call("PUT", "/api/admin/settings/theme-draft", { callout: { text: "x" } }, fulfilment)).status).toBe(403);

    const published = await call("POST", "/api/admin/settings/theme-draft/publish");
    expect(published).toMatchObject({ status: 200, body: { callout: { text: "Draft Fridays" } } });
    expect((await settings()).styles.colors.primary).toBe("#5A2D82");
    expect(await lastAudit("store_settings")).toMatchObject({ action: "theme.publish" });
    expect(await call("GET", "/api/admin/settings/theme-draft")).toEqual({ status: 200, body: { draft: null } });
    expect((await call("POST", "/api/admin/settings/theme-draft/publish")).status).toBe(409);

    expect((await call("PUT", "/api/admin/settings/theme-draft", { styles: { colors: { primary: "#0B3D36" } } })).status).toBe(200);
    expect(await call("DELETE", "/api/admin/settings/theme-draft")).toEqual({ status: 200, body: { success: true } });
    expect(await call("GET", "/api/admin/settings/theme-draft")).toEqual({ status: 200, body: { draft: null } });
    expect((await settings()).styles.colors.primary).toBe("#5A2D82");
  });

  it("refuses a colour pair below 4.5:1 with the measured ratio, and a font the shop cannot show", async () => {
    expect(await call("PATCH", "/api/admin/settings/looks", { styles: { buttons: { primary: { backgroundColor: "#7F7F7F", textColor: "#FFFFFF" } } } })).toEqual({
      status: 400,
      body: { error: "Contrast 4.0:1 is below 4.5:1 for primary buttons' text; choose a darker or lighter colour", field: "styles.buttons.primary.backgroundColor" },
    });
    expect(await call("PATCH", "/api/admin/settings/looks", { callout: { backgroundColor: "#949494" } })).toEqual({
      status: 400,
      body: { error: "Contrast 3.0:1 is below 4.5:1 for the callout's text; choose a darker or lighter colour", field: "callout.backgroundColor" },
    });
    expect(await call("PATCH", "/api/admin/settings/looks", { styles: { fonts: { heading: "Comic Sans MS" } } })).toMatchObject({
      status: 400,
      body: { field: "styles.fonts.heading" },
    });
    expect((await call("PATCH", "/api/admin/settings/looks", { callout: { text: "x" } }, fulfilment)).status).toBe(403);
  });

  it("keeps one page background: either setting sets both, and two colours for it in one change are refused", async () => {
    expect((await call("PATCH", "/api/admin/settings/looks", { styles: { colors: { background: "#FAF7F2" } } })).status).toBe(200);
    expect((await settings()).styles).toMatchObject({ backgroundColor: "#FAF7F2", colors: { background: "#FAF7F2" } });
    expect(await call("PATCH", "/api/admin/settings/looks", { styles: { backgroundColor: "#FFFFFF", colors: { background: "#F4EFE6" } } })).toMatchObject({
      status: 400,
      body: { field: "styles.colors.background" },
    });
    expect((await settings()).styles.backgroundColor).toBe("#FAF7F2");
    // A change leaving the page background out keeps it.
    expect((await call("PATCH", "/api/admin/settings/looks", { styles: { colors: { primary: "#0B3D36" } } })).status).toBe(200);
    expect((await settings()).styles.backgroundColor).toBe("#FAF7F2");
  });

  it("replaces the navigation's links, the footer's sections and the social links whole, refusing a link without a route", async () => {
    const pages = [{ name: "Shop", route: "/shop" }, { name: "Tea", route: "/search", query: "tea", type: "collection-search" }];
    const sections = [{ title: "Help", links: [{ name: "Shipping", route: "/pages/shipping" }] }];
    const socialLinks = [{ network: "instagram", url: "https://www.instagram.com/tidewater" }];
    const changed = await call("PATCH", "/api/admin/settings/looks", { navbar: { pages }, footer: { sections }, socialLinks });
    expect(changed.status).toBe(200);
    const stored = await settings();
    expect(stored.navbar).toEqual({ pages, displaySearchBar: false });
    expect(stored.footer.sections).toEqual(sections);
    expect(stored.footer.links.length).toBeGreaterThan(0);
    expect(stored.socialLinks).toEqual(socialLinks);
    expect(await call("PATCH", "/api/admin/settings/looks", { navbar: { pages: [{ name: "Tea", route: "tea" }] } })).toMatchObject({
      status: 400,
      body: { field: "navbar.pages.0.route", error: "must start with /" },
    });
  });

  it("takes a new logo, stored as the shop's pictures are", async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#1D4E47" } }).png().toBuffer();
    const form = new FormData();
    form.append("file", new File([new Uint8Array(png)], "logo.png", { type: "image/png" }));
    form.append("alt_text", "Tidewater Roasters");
    const response = await t.app.request("/api/admin/settings/logo", { method: "POST", body: form, headers: manager });
    expect(response.status).toBe(201);
    const { logo } = (await response.json()) as { logo: { url: string; alt: string } };
    expect(logo).toEqual({ url: expect.stringMatching(/^\/images\/site\/[0-9a-f-]{36}\.jpg$/), alt: "Tidewater Roasters" });
    expect((await settings()).logo).toEqual(logo);
  });

  it("refuses a logo whose alt text cannot be stored, naming the field, and keeps the logo it had", async () => {
    const before = (await settings()).logo;
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#1D4E47" } }).png().toBuffer();
    // A form's text reaches the server as UTF-8, where a lone surrogate has already become U+FFFD: NUL is what arrives.
    const form = new FormData();
    form.append("file", new File([new Uint8Array(png)], "logo.png", { type: "image/png" }));
    form.append("alt_text", "Tide\u0000water");
    const response = await t.app.request("/api/admin/settings/logo", { method: "POST", body: form, headers: manager });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "must not contain NUL characters or unpaired surrogates", field: "alt_text" });
    expect((await settings()).logo).toEqual(before);
  });

  it("takes a logo larger than the 64 KB other requests are held to", async () => {
    const noise = Buffer.from(Array.from({ length: 160 * 160 * 3 }, () => Math.floor(Math.random() * 256)));
    const png = await sharp(noise, { raw: { width: 160, height: 160, channels: 3 } }).png().toBuffer();
    expect(png.byteLength).toBeGreaterThan(64 * 1024);
    const form = new FormData();
    form.append("file", new File([new Uint8Array(png)], "logo.png", { type: "image/png" }));
    const response = await t.app.request("/api/admin/settings/logo", { method: "POST", body: form, headers: manager });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { logo: { alt: string } }).logo.alt).toBe("Tidewater Roasters");
  });
});
