/**
 * The navigation page (app/routes/admin.navigation) and the back office's grouped navigation, rendered for real through
 * Vite and posted as a browser posts them before its JavaScript loads: a menu link added in the blank row shows on
 * the shop's next page, a link to a missing page is refused beside its field with what was typed, entries move and go,
 * the link picker's choices (pages, products, collections, posts by title) each lead to a page, and a role sees only its
 * own groups.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { renderedBackOffice } from "../../tests/support/admin-pages";
import { draftOf, type NavigationDraft } from "~/components/admin/navigation-draft";
import { type TestApp } from "../../tests/support/app";
import { and, eq } from "drizzle-orm";
import type { LinkChoice } from "@core/navigation";
import { getStoreSettings } from "../store/settings";
import { linkProblems } from "../catalog/navigation";
import { products } from "../db/schema";

let t: TestApp;
let owner: string;
let packer: string;

const office = renderedBackOffice({ PUBLIC_URL: "https://shop.example.com" });
const { get, post, html } = office;

beforeAll(() => {
  ({ t, owner, packer } = office);
});

const settings = () => getStoreSettings(t.deps.db, t.deps.storeId);

/** The form as the page posts it: every row as loaded, blank new rows at each list's end, `typed` over them. */
async function navigationForm(typed: Record<string, string> = {}, intent = "save"): Promise<[string, string][]> {
  const draft: NavigationDraft = draftOf(await settings());
  const fields: [string, string][] = [["intent", intent]];
  if (draft.displaySearchBar) fields.push(["navbar.displaySearchBar", "on"]);
  const withNew = <T>(rows: T[], empty: T) => [...rows, empty];
  withNew(draft.pages, { name: "", route: "", query: "", type: "collection-search" }).forEach((link, i) =>
    fields.push(...Object.entries(link).map(([key, value]): [string, string] => [`navbar.pages.${i}.${key}`, value])),
  );
  withNew(draft.footerLinks, { name: "", route: "" }).forEach((link, i) =>
    fields.push([`footer.links.${i}.name`, link.name], [`footer.links.${i}.route`, link.route]),
  );
  withNew(draft.sections, { title: "", links: [] }).forEach((section, s) => {
    fields.push([`footer.sections.${s}.title`, section.title]);
    withNew(section.links, { name: "", route: "" }).forEach((link, i) =>
      fields.push([`footer.sections.${s}.links.${i}.name`, link.name], [`footer.sections.${s}.links.${i}.route`, link.route]),
    );
  });
  fields.push(["footer.copyright", draft.copyright]);
  withNew(draft.socialLinks, { network: "instagram", url: "" }).forEach((link, i) =>
    fields.push([`socialLinks.${i}.network`, link.network], [`socialLinks.${i}.url`, link.url]),
  );
  return fields.map(([name, value]) => [name, typed[name] ?? value]);
}

describe("the navigation page", () => {
  it("shows the menu, footer and social links in fields named by their settings", async () => {
    const page = await html(await get("/admin/navigation", owner));
    expect(page).toContain("<h1");
    expect(page).toMatch(/name="navbar.pages.1.query"[^>]*value="coffee"|value="coffee"[^>]*name="navbar.pages.1.query"/);
    expect(page).toContain('name="footer.sections.1.links.2.route"');
    expect(page).toContain('name="navbar.pages.3.name"');
    expect(page).toContain("Save navigation");
  });

  it("adds a menu link in the blank row, which the shop's next page shows, and a footer link likewise", async () => {
    const { navbar, footer } = await settings();
    const newPage = `navbar.pages.${navbar.pages.length}`;
    const newLink = `footer.links.${footer.links.length}`;
    const saved = await post(
      "/admin/navigation",
      await navigationForm({ [`${newPage}.name`]: "Tea time", [`${newPage}.query`]: "tea", [`${newLink}.name`]: "Read the blog", [`${newLink}.route`]: "/blog" }),
      owner,
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/admin/navigation?notice=saved");
    expect(await html(await get("/admin/navigation?notice=saved", owner))).toContain("Saved. The shop shows it now.");
    expect((await settings()).navbar.pages.at(-1)).toEqual({ name: "Tea time", route: "/search", query: "tea", type: "collection-search" });
    const home = await html(await get("/"));
    expect(home).toContain('href="/search?query=tea&amp;type=collection-search"');
    expect(home).toContain("Tea time");
    expect(home).toContain("Read the blog");
  });

  it("refuses a link to a missing page beside its field, keeping what was typed and storing nothing", async () => {
    const before = await settings();
    const at = `footer.sections.0.links.${before.footer.sections[0].links.length}`;
    const refused = await html(await post("/admin/navigation", await navigationForm({ [`${at}.name`]: "Cocoa", [`${at}.route`]: "/pages/cocoa" }), owner), 400);
    expect(refused).toContain("/pages/cocoa leads to no page in the shop");
    expect(refused).toMatch(new RegExp(`name="${at}.route"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="${at}.route"`));
    expect(refused).toContain('value="Cocoa"');
    expect(await settings()).toEqual(before);
    const unnamed = await html(await post("/admin/navigation", await navigationForm({ "navbar.pages.0.name": "" }), owner), 400);
    expect(unnamed).toContain("Give the link a name");
  });

  it("refuses a social link that would run a script or show a page of its own beside its field, storing nothing", async () => {
    const before = await settings();
    const at = `socialLinks.${before.socialLinks.length}`;
    for (const url of ["javascript:alert(document.cookie)", "data:text/html,<script>alert(1)</script>"]) {
      const refused = await html(await post("/admin/navigation", await navigationForm({ [`${at}.network`]: "tiktok", [`${at}.url`]: url }), owner), 400);
      expect(refused).toContain("Must be a web address such as https://www.instagram.com/yourshop");
      expect(refused).toMatch(new RegExp(`name="${at}.url"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="${at}.url"`));
    }
    expect(await settings()).toEqual(before);
    const saved = await post("/admin/navigation", await navigationForm({ [`${at}.network`]: "tiktok", [`${at}.url`]: "https://www.tiktok.com/@tidewater" }), owner);
    expect(saved.status).toBe(302);
    expect((await settings()).socialLinks.at(-1)).toEqual({ network: "tiktok", url: "https://www.tiktok.com/@tidewater" });
    expect(await html(await get("/"))).toContain('href="https://www.tiktok.com/@tidewater"');
  });

  it("moves and removes entries, keeping what was typed elsewhere", async () => {
    const before = await settings();
    const moved = await post("/admin/navigation", await navigationForm({ "footer.copyright": "Tidewater, Portland" }, "up:footer.sections:1"), owner);
    expect(moved.status).toBe(302);
    const after = await settings();
    expect(after.footer.sections).toEqual([before.footer.sections[1], before.footer.sections[0]]);
    expect(after.footer.copyright).toBe("Tidewater, Portland");
    const last = after.navbar.pages.length - 1;
    expect((await post("/admin/navigation", await navigationForm({}, `remove:navbar.pages:${last}`), owner)).status).toBe(302);
    expect(await post("/admin/navigation", await navigationForm({}, `remove:footer.links:${after.footer.links.length - 1}`), owner)).toHaveProperty("status", 302);
    expect((await post("/admin/navigation", await navigationForm({}, "down:footer.sections:0"), owner)).status).toBe(302);
    const restored = await settings();
    expect(restored.navbar.pages).toEqual(before.navbar.pages.slice(0, -1));
    expect(restored.footer.sections).toEqual(before.footer.sections);
  });

  it("offers the shop's pages, products, collections and posts by title for a link, each leading to a page a link may have", async () => {
    const choicesFor = async (words: string, cookie = owner) => {
      const response = await get(`/admin/navigation/links?${new URLSearchParams({ q: words })}`, cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      return ((await response.json()) as { choices: LinkChoice[] }).choices;
    };
    const all = await choicesFor("");
    expect(new Set(all.map((choice) => choice.group))).toEqual(new Set(["Pages", "Products", "Collections", "Posts"]));
    expect(all).toContainEqual({ group: "Pages", title: "Home", path: "/" });
    expect(all).toContainEqual({ group: "Posts", title: expect.any(String), path: "/blog/brewing-better-coffee-at-home" });
    expect(await choicesFor("house bl")).toEqual([{ group: "Products", title: "Tidewater House Blend", path: "/products/house-blend" }]);
    expect(await choicesFor("DRINKWARE")).toEqual([{ group: "Collections", title: "Mugs & Drinkware", path: "/search?query=drinkware&type=collection-search" }]);
    expect(await choicesFor("starter kit")).toEqual([{ group: "Products", title: "Pour-Over Starter Kit", path: expect.stringMatching(/^\/bundles\//) }]);
    expect(await choicesFor("100%_")).toEqual([]);
    const problemOf = await linkProblems(t.deps.db, t.deps.storeId);
    for (const choice of [...all, ...(await choicesFor("a"))]) expect(await problemOf(choice.path), choice.path).toBeNull();

    // A product taken off sale is no longer offered.
    await t.deps.db.update(products).set({ status: "archived" }).where(and(eq(products.storeId, t.deps.storeId), eq(products.handle, "house-blend")));
    expect(await choicesFor("house bl")).toEqual([]);
    await t.deps.db.update(products).set({ status: "active" }).where(and(eq(products.storeId, t.deps.storeId), eq(products.handle, "house-blend")));
    expect((await get("/admin/navigation/links?q=tea", packer)).status).toBe(403);
  });

  it("is shut to fulfilment staff", async () => {
    expect((await get("/admin/navigation", packer)).status).toBe(403);
    expect((await post("/admin/navigation", await navigationForm({ "footer.copyright": "Packed" }), packer)).status).toBe(403);
  });
});

describe("the back office's navigation", () => {
  it("groups the owner's screens under headings, the current one marked", async () => {
    const page = await html(await get("/admin/navigation", owner));
    const nav = /<nav aria-label="Back office"[\s\S]*?<\/nav>/.exec(page)![0];
    for (const heading of ["Sales", "Catalogue", "Content", "Inbox", "Settings"]) expect(nav).toContain(`>${heading}</h2>`);
    expect(nav).toMatch(/aria-current="page"[^>]*href="\/admin\/navigation"|href="\/admin\/navigation"[^>]*aria-current="page"/);
    expect(nav).toContain("<details");
  });

  it("is listed on the home screen too, each screen with what it is for", async () => {
    const home = await html(await get("/admin", owner));
    const screens = home.slice(home.indexOf("Your screens</h2>"));
    for (const heading of ["Sales", "Catalogue", "Content", "Inbox", "Settings"]) expect(screens).toContain(`>${heading}</h3>`);
    expect(screens).toContain("The shop&#x27;s menu, footer links and sections, copyright line and social links.");
  });

  it("shows a fulfilment member only its screens, without the groups it has none of", async () => {
    const home = await html(await get("/admin", packer));
    const screens = home.slice(home.indexOf("Your screens</h2>"));
    expect(screens).toContain(">Inbox</h3>");
    for (const heading of ["Catalogue", "Content", "Settings"]) expect(screens).not.toContain(`>${heading}</h3>`);
    const nav = /<nav aria-label="Back office"[\s\S]*?<\/nav>/.exec(home)![0];
    expect(nav).toContain(">Sales</h2>");
    expect(nav).toContain(">Inbox</h2>");
    for (const heading of ["Catalogue", "Content", "Settings"]) expect(nav).not.toContain(`>${heading}</h2>`);
    expect(nav).not.toContain('href="/admin/navigation"');
  });
});
