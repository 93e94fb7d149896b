/**
 * The store settings pages (app/routes/admin.settings, shipping, taxes, theme), rendered for real through Vite and
 * posted as a browser posts them before its JavaScript loads: the theme saved as a draft only staff preview, then published,
 * an unreadable colour refused beside its field with its ratio, the store rules saved, a setting broken by hand still
 * rendering the shop, and the settings doors shut to fulfilment staff.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PAGE_OWNER, renderedBackOffice } from "../../tests/support/admin-pages";
import { type TestApp } from "../../tests/support/app";
import { getStoreSettings } from "../store/settings";
import { auditEvents, mailOutbox, taxRates, themeDrafts } from "../db/schema";

let t: TestApp;
let owner: string;
let packer: string;

const office = renderedBackOffice({ PUBLIC_URL: "https://shop.example.com" });
const { get, post, html } = office;

beforeAll(() => {
  ({ t, owner, packer } = office);
});

/** The theme form as the page posts it: every field, as loaded, with `changes` typed over them. */
async function themeForm(changes: Record<string, string>) {
  const { callout, styles } = await getStoreSettings(t.deps.db, t.deps.storeId);
  return {
    intent: "save",
    "callout.text": callout.text,
    "callout.textColor": callout.textColor,
    "callout.backgroundColor": callout.backgroundColor,
    "styles.textColor": styles.textColor,
    "styles.backgroundColor": styles.backgroundColor,
    "styles.colors.primary": styles.colors.primary,
    "styles.fonts.heading": styles.fonts.heading,
    "styles.fonts.body": styles.fonts.body,
    ...changes,
  };
}

describe("the theme page", () => {
  it("saves a draft shoppers and the page cache never see, previewed on the shop by staff alone, and published with an audit", async () => {
    expect(await html(await get("/admin/theme", owner))).toContain('value="#1D4E47"');
    const saved = await post("/admin/theme", await themeForm({ "callout.text": "Roasted Fridays", "styles.colors.primary": "#0B3D36" }), owner);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/admin/theme?notice=draft-saved");
    const screen = await html(await get("/admin/theme?notice=draft-saved", owner));
    expect(screen).toContain("Draft saved. Shoppers still see the published theme");
    expect(screen).toContain('value="#0B3D36"');
    expect((await getStoreSettings(t.deps.db, t.deps.storeId)).styles.colors.primary).toBe("#1D4E47");

    const isLive = (page: string) => {
      expect(page).toContain("--shop-primary:#1D4E47");
      expect(page).not.toContain("Roasted Fridays");
      expect(page).not.toContain("Preview of the theme draft");
    };
    // A shopper, a shopper who sends the preview cookie, and a member who may not change the theme all see the live shop.
    isLive(await html(await get("/")));
    isLive(await html(await get("/", "theme_preview=1")));
    isLive(await html(await get("/", `${packer}; theme_preview=1`)));
    expect((await get("/admin/theme/preview", packer)).status).toBe(403);

    const opened = await get("/admin/theme/preview", owner);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/");
    const previewCookie = opened.headers.getSetCookie().find((cookie) => cookie.startsWith("theme_preview=1"));
    expect(previewCookie).toMatch(/HttpOnly/i);
    expect(previewCookie).toMatch(/SameSite=Strict/i);
    for (const path of ["/", "/products/house-blend"]) {
      const previewed = await get(path, `${owner}; theme_preview=1`);
      expect(previewed.headers.get("cache-control")).toBe("private, no-store");
      expect(previewed.headers.get("x-cache")).toBeNull();
      const page = await html(previewed);
      expect(page).toContain("--shop-primary:#0B3D36");
      expect(page).toContain("Roasted Fridays");
      expect(page).toContain("Preview of the theme draft.");
      // The same address asked for by a shopper next is the live page: the preview was never kept for it.
      isLive(await html(await get(path)));
    }

    const published = await post("/admin/theme", { intent: "publish" }, owner);
    expect(published.headers.get("location")).toBe("/admin/theme?notice=published");
    expect(published.headers.getSetCookie().find((cookie) => cookie.startsWith("theme_preview="))).toMatch(/Max-Age=0/);
    const home = await html(await get("/"));
    expect(home).toContain("Roasted Fridays");
    expect(home).toContain("--shop-primary:#0B3D36");
    expect(await t.deps.db.select().from(themeDrafts)).toEqual([]);
    const [audit] = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, "theme.publish"));
    expect(audit.actorLabel).toBe(PAGE_OWNER.email);
    expect(audit.changes).toMatchObject({ "callout.text": { after: "Roasted Fridays" }, "styles.colors.primary": { before: "#1D4E47", after: "#0B3D36" } });
    expect(await html(await get("/admin/theme", owner))).not.toContain("Preview on the shop");
  });

  it("discards a draft, leaving the live theme as it was; publishing with no draft is refused", async () => {
    await post("/admin/theme", await themeForm({ "callout.text": "Never shown" }), owner);
    expect(await html(await get("/admin/theme", owner))).toContain("Preview on the shop");
    expect((await post("/admin/theme", { intent: "discard" }, owner)).headers.get("location")).toBe("/admin/theme?notice=discarded");
    expect(await t.deps.db.select().from(themeDrafts)).toEqual([]);
    expect(await html(await get("/", `${owner}; theme_preview=1`))).not.toContain("Never shown");
    const refused = await html(await post("/admin/theme", { intent: "publish" }, owner), 409);
    expect(refused).toContain("There is no theme draft to publish");
  });

  it("keeps one page background: the palette's background follows it when published", async () => {
    await post("/admin/theme", await themeForm({ "styles.backgroundColor": "#FAF7F2" }), owner);
    await post("/admin/theme", { intent: "publish" }, owner);
    const { styles } = await getStoreSettings(t.deps.db, t.deps.storeId);
    expect([styles.backgroundColor, styles.colors.background]).toEqual(["#FAF7F2", "#FAF7F2"]);
    expect(await html(await get("/admin/theme", owner))).not.toContain('name="styles.colors.background"');
  });

  it("refuses a tertiary colour the text on it could not be read on, beside its field", async () => {
    const refused = await html(await post("/admin/theme", await themeForm({ "styles.colors.tertiary": "#6B6B6B" }), owner), 400);
    expect(refused).toMatch(/Contrast \d\.\d:1 is below 4\.5:1 for text on the tertiary colour/);
    expect(refused).toMatch(/name="styles.colors.tertiary"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="styles.colors.tertiary"/);
    expect(await t.deps.db.select().from(themeDrafts)).toEqual([]);
  });

  it("refuses a pair below 4.5:1 beside its field with the ratio, keeping what was typed and storing nothing", async () => {
    const refused = await html(await post("/admin/theme", await themeForm({ "callout.backgroundColor": "#B5B5B5" }), owner), 400);
    expect(refused).toContain("Contrast 2.0:1 is below 4.5:1 for the callout&#x27;s text");
    expect(refused).toContain('value="#B5B5B5"');
    expect(refused).toMatch(/name="callout.backgroundColor"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="callout.backgroundColor"/);
    expect((await getStoreSettings(t.deps.db, t.deps.storeId)).callout.backgroundColor).toBe("#7A4A26");
  });

  it("is shut to fulfilment staff, as the rules' pages are", async () => {
    for (const path of ["/admin/theme", "/admin/settings", "/admin/shipping", "/admin/taxes"]) expect((await get(path, packer)).status).toBe(403);
  });
});

describe("the store rules pages", () => {
  it("save the store name and minimum order, refusing a minimum that is not an amount beside its field", async () => {
    const form = { website_title: "Tidewater Roasters", contact_email: "", checkout_enabled: "on", minimum_order: "15.50" };
    expect((await post("/admin/settings", form, owner)).status).toBe(302);
    expect((await getStoreSettings(t.deps.db, t.deps.storeId)).checkout).toEqual({ enabled: true, minimumOrderCents: 1550, reminderDelayMinutes: 240 });
    const refused = await html(await post("/admin/settings", { ...form, minimum_order: "lots" }, owner), 400);
    expect(refused).toContain('value="lots"');
    expect(refused).toContain("Enter an amount in dollars, such as 12.50");
    expect(refused).toMatch(/aria-invalid="true"/);
  });

  it("save the cart reminder delay in minutes, refusing one that is not whole minutes from 1 to a week beside its field", async () => {
    const form = { website_title: "Tidewater Roasters", contact_email: "", checkout_enabled: "on", minimum_order: "20.00" };
    expect(await html(await get("/admin/settings", owner))).toMatch(/name="reminder_delay"[^>]*value="240"|value="240"[^>]*name="reminder_delay"/);
    for (const [typed, message] of [
      ["soon", "Reminder delay must be a number of minutes"],
      ["0", "Reminder delay must be at least 1 minute"],
      ["10081", "Reminder delay must be at most 10080 minutes (a week)"],
      ["2.5", "Reminder delay must be whole minutes"],
    ]) {
      const refused = await html(await post("/admin/settings", { ...form, reminder_delay: typed }, owner), 400);
      expect(refused).toContain(`value="${typed}"`);
      expect(refused).toContain(message);
    }
    expect((await getStoreSettings(t.deps.db, t.deps.storeId)).checkout.reminderDelayMinutes).toBe(240);
    expect((await post("/admin/settings", { ...form, reminder_delay: " 30 " }, owner)).status).toBe(302);
    expect((await getStoreSettings(t.deps.db, t.deps.storeId)).checkout.reminderDelayMinutes).toBe(30);
  });

  it("save the days a subscription's renewal reminder goes ahead, refusing what is not whole days from 1 to 30 beside its field", async () => {
    const form = { website_title: "Tidewater Roasters", contact_email: "", checkout_enabled: "on", minimum_order: "20.00" };
    expect(await html(await get("/admin/settings", owner))).toMatch(/name="renewal_reminder"[^>]*value="3"|value="3"[^>]*name="renewal_reminder"/);
    for (const [typed, message] of [
      ["soon", "Renewal reminder must be a number of days"],
      ["0", "Renewal reminder must be at least 1 day"],
      ["31", "Renewal reminder must be at most 30 days"],
    ]) {
      const refused = await html(await post("/admin/settings", { ...form, renewal_reminder: typed }, owner), 400);
      expect(refused).toContain(`value="${typed}"`);
      expect(refused).toContain(message);
    }
    expect((await post("/admin/settings", { ...form, renewal_reminder: "7" }, owner)).status).toBe(302);
    expect((await getStoreSettings(t.deps.db, t.deps.storeId)).subscriptions.reminderDays).toBe(7);
  });

  it("list the shipping options and the tax rates checkout uses", async () => {
    expect(await html(await get("/admin/shipping", owner))).toContain("Standard Shipping");
    const taxes = await html(await get("/admin/taxes", owner));
    expect(taxes).toContain("US-CA");
    expect(taxes).toContain("7.25 %");
  });

  it("ask where the shop collects sales tax, suggest each chosen state's base rate, and charge nothing until saved", async () => {
    const virginia = () => t.deps.db.select().from(taxRates).where(and(eq(taxRates.storeId, t.deps.storeId), inArray(taxRates.region, ["VA", "MD"])));
    const picker = await html(await get("/admin/taxes", owner));
    expect(picker).toContain("Where do you collect sales tax?");
    expect(picker).toMatch(/name="collect" value="VA"/);
    expect(picker).not.toMatch(/name="collect" value="CA"/);

    const suggested = await html(await get("/admin/taxes?collect=VA&collect=MD&collect=CA", owner));
    expect(suggested).toMatch(/name="rate_VA"[^>]*value="5.30"|value="5.30"[^>]*name="rate_VA"/);
    expect(suggested).toMatch(/name="rate_MD"[^>]*value="6.00"|value="6.00"[^>]*name="rate_MD"/);
    expect(suggested).not.toContain('name="rate_CA"');
    expect(suggested).toContain("Collect tax in these 2 states");
    expect(await virginia()).toEqual([]);

    const refused = await html(await post("/admin/taxes?collect=VA&collect=MD", { intent: "collect", rate_VA: "six", rate_MD: "6.00" }, owner), 400);
    expect(refused).toContain('value="six"');
    expect(await virginia()).toEqual([]);

    const saved = await post("/admin/taxes?collect=VA&collect=MD", { intent: "collect", rate_VA: "6", shipping_VA: "on", rate_MD: "6.00" }, owner);
    expect(saved.status).toBe(302);
    expect((await virginia()).map((row) => [row.region, row.rateBasisPoints, row.taxesShipping]).sort()).toEqual([
      ["MD", 600, false],
      ["VA", 600, true],
    ]);
    const audits = await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.storeId, t.deps.storeId), eq(auditEvents.action, "tax_rate.create")));
    expect(audits.length).toBeGreaterThanOrEqual(2);
    // A state collected already is not offered again, and saving it twice is refused whole.
    expect(await html(await get("/admin/taxes", owner))).not.toMatch(/name="collect" value="VA"/);
    expect((await post("/admin/taxes?collect=VA", { intent: "collect", rate_VA: "5.30" }, owner)).status).toBe(409);
  });

  it("name a tax class, rate the classes per region beside the standard rate, refuse a bad one beside its field, and delete the class", async () => {
    const added = await post("/admin/taxes", { intent: "add-class", name: "Books" }, owner);
    expect(added.status).toBe(302);
    expect(await html(await post("/admin/taxes", { intent: "add-class", name: "books" }, owner), 409)).toContain("A tax class has this name already");
    const [california] = await t.deps.db.select().from(taxRates).where(and(eq(taxRates.storeId, t.deps.storeId), eq(taxRates.region, "CA")));
    const editing = await html(await get(`/admin/taxes?edit=${california.id}`, owner));
    expect(editing).toContain("Reduced rate, in percent");
    expect(editing).toContain("Books rate, in percent");
    expect(editing).not.toContain("Exempt rate, in percent");

    const rate = { intent: "save", id: String(california.id), country: "US", region: "CA", rate: "7.25" };
    const refused = await html(await post(`/admin/taxes?edit=${california.id}`, { ...rate, class_reduced: "one" }, owner), 400);
    expect(refused).toContain('value="one"');
    const saved = await post("/admin/taxes", { ...rate, class_reduced: "1", class_books: "" }, owner);
    expect(saved.status).toBe(302);
    expect(await html(await get("/admin/taxes", owner))).toContain("Reduced 1.00 %");

    expect((await post("/admin/taxes", { intent: "delete-class", key: "books" }, owner)).status).toBe(302);
    expect(await html(await get(`/admin/taxes?edit=${california.id}`, owner))).not.toContain("Books rate, in percent");
    await post("/admin/taxes", { ...rate, class_reduced: "" }, owner);
  });
});

describe("the sales tax report page", () => {
  it("shows a month's regions to the owner, refuses months the wrong way round beside the form, and is shut to fulfilment staff", async () => {
    const page = await html(await get("/admin/reports/tax?from=2026-01&to=2026-02", owner));
    expect(page).toContain("Sales tax report");
    expect(page).toContain('href="/api/admin/reports/tax.csv?from=2026-01&amp;to=2026-02"');
    expect(await html(await get("/admin/reports/tax?from=2026-03&to=2026-01", owner), 400)).toContain("from must be on or before to");
    expect((await get("/admin/reports/tax", packer)).status).toBe(403);
  });
});

describe("a store setting broken by hand", () => {
  it("does not stop the shop's pages: they render with its last good value", async () => {
    await t.deps.db.execute(sql`update store_settings set settings = jsonb_set(settings, '{styles,colors,primary}', '"green"'::jsonb) where store_id = ${t.deps.storeId}`);
    const home = await html(await get("/"));
    expect(home).toContain("--shop-primary:#0B3D36");
  });
});

describe("the store settings page's email", () => {
  it("says that mail is only kept without a mail server, and keeps a test email to the member in the outbox", async () => {
    const page = await html(await get("/admin/settings", owner));
    expect(page).toContain("No mail server is set (SMTP_URL)");
    expect(page).toContain("New orders, returns and customers&#x27; messages go to");
    const sent = await post("/admin/settings", { intent: "test-email" }, owner);
    expect(sent.headers.get("location")).toBe("/admin/settings?notice=test-email-kept");
    expect(await html(await get("/admin/settings?notice=test-email-kept", owner))).toContain("The test email is in the outbox");
    const [kept] = await t.deps.db.select({ to: mailOutbox.to }).from(mailOutbox).where(eq(mailOutbox.kind, "test"));
    expect(kept.to).toBe(PAGE_OWNER.email);
    expect((await post("/admin/settings", { intent: "test-email" }, packer)).status).toBe(403);
  });
});
