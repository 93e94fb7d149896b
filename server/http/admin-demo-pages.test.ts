/**
 * Starting clean through the pages (decision 0067), rendered for real and posted as a browser posts them before its
 * JavaScript loads: the setup page's "An empty shop" gives a shop with no demo product, code, review or post; Store
 * settings offers "Remove the demo content" while there is some, previews what goes, removes it once, and the door is
 * shut to staff without the settings permission.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_OWNER, PAGE_PACKER, staffBrowser, staffCookie } from "../../tests/support/admin-pages";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { startPageRenderer, type PageRenderer } from "../../tests/support/rendered-pages";
import type { createApp } from "../app";
import { commandLineActor } from "../audit/audit";
import { hasDemoContent } from "../demo/demo-content";
import { localImageStorage } from "../images/storage";
import { createStaff } from "../staff/accounts";
import { ensureSetupLink } from "../staff/setup-link";

let renderer: PageRenderer;
let picturesDir: string;
const shops: TestApp[] = [];

async function shop(): Promise<{ t: TestApp; pages: ReturnType<typeof createApp> }> {
  const t = await createTestApp();
  t.deps.imageStorage = localImageStorage(picturesDir);
  shops.push(t);
  return { t, pages: renderer.appOf(t) };
}

beforeAll(async () => {
  renderer = await startPageRenderer();
  picturesDir = await mkdtemp(path.join(os.tmpdir(), "storefront-demo-pages-"));
});
afterAll(async () => {
  await renderer?.close();
  for (const t of shops) await t.database.dispose();
  await rm(picturesDir, { recursive: true, force: true });
});

/** What a shopper could find of the demo on the shop's pages. */
const DEMO_TRACES = /Tidewater|House Blend|TENOFF|FREESHIP|SAVE15|Brewing Better Coffee|What our customers say|Testimonials/;

describe("the setup page's empty shop", () => {
  it("makes the owner and a shop with no demo product, code, review or post", async () => {
    const { t, pages } = await shop();
    const { get, post, html } = staffBrowser(() => pages);
    const link = new URL((await ensureSetupLink(t.deps))!);
    const form = await html(await get(link.pathname + link.search));
    expect(form).toContain("Start with the demo shop or an empty one?");
    expect(form).toContain("Sample coffee products, bundles, blog posts, reviews and discount codes to try things with");
    const token = link.searchParams.get("token")!;
    const made = await post(link.pathname + link.search, { token, ...PAGE_OWNER, confirm: PAGE_OWNER.password, start: "empty" });
    expect(made.status).toBe(302);
    const owner = staffCookie(made);

    const home = await html(await get("/"));
    expect(home).toContain("Welcome to My shop");
    expect(home).not.toMatch(DEMO_TRACES);
    expect(await html(await get("/search?query=coffee&type=search"))).toContain("No Results Found");
    expect(await html(await get("/admin/products", owner))).not.toContain("House Blend");
    expect(await html(await get("/admin/discounts", owner))).not.toMatch(/TENOFF|FREESHIP|SAVE15/);
    expect(await html(await get("/admin/reviews", owner))).not.toMatch(/Fiona G\.|Proper strong tea/);
    // Nothing left to remove: Store settings does not offer it.
    expect(await html(await get("/admin/settings", owner))).not.toContain("Remove the demo content");
  });
});

describe("Store settings' Remove the demo content", () => {
  let t: TestApp;
  let browser: ReturnType<typeof staffBrowser>;
  let owner: string;
  let packer: string;

  beforeAll(async () => {
    const made = await shop();
    t = made.t;
    browser = staffBrowser(() => made.pages);
    for (const member of [PAGE_OWNER, PAGE_PACKER]) await createStaff(t.deps.db, commandLineActor(t.deps.storeId), member);
    owner = await browser.signIn(PAGE_OWNER);
    packer = await browser.signIn(PAGE_PACKER);
  });

  it("is shut to staff without the settings permission, who change nothing", async () => {
    expect((await browser.get("/admin/settings/demo", packer)).status).toBe(403);
    expect((await browser.post("/admin/settings/demo", {}, packer)).status).toBe(403);
    expect(await hasDemoContent(t.deps.db, t.deps.storeId)).toBe(true);
  });

  it("is offered while the demo is there, previews what goes, then removes it once", async () => {
    const { get, post, html } = browser;
    const settings = await html(await get("/admin/settings", owner));
    expect(settings).toContain('href="/admin/settings/demo"');

    const preview = await html(await get("/admin/settings/demo", owner));
    for (const going of ["Tidewater House Blend", "Pour-Over Starter Kit", "TENOFF", "FREESHIP", "SAVE15", "Brewing Better Coffee at Home", "Amelia R.", "About Tidewater"]) {
      expect(preview).toContain(going);
    }
    expect(preview).toContain("Minimum order: $20.00 → none");
    expect(preview).toContain(">Remove the demo content</button>");
    // The preview took nothing.
    expect(await html(await get("/"))).toContain("Tidewater");

    const removed = await post("/admin/settings/demo", {}, owner);
    expect(removed.status).toBe(302);
    expect(removed.headers.get("location")).toBe("/admin/settings?notice=demo-removed");
    const after = await html(await get("/admin/settings?notice=demo-removed", owner));
    expect(after).toContain("The demo content was removed. Orders and customers are kept.");
    expect(after).not.toContain("Remove the demo content");
    expect(await html(await get("/"))).not.toMatch(DEMO_TRACES);

    // Once: the preview is gone, and a second post (a second tab) removes nothing more.
    const again = await get("/admin/settings/demo", owner);
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/admin/settings");
    expect((await post("/admin/settings/demo", {}, owner)).status).toBe(302);
    const audit = await html(await get("/admin/audit", owner));
    expect(audit.match(/demo\.remove/g)?.length ?? 0).toBeGreaterThan(0);
  });
});
