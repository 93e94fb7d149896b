/**
 * The menu, footer and social links through PATCH /api/admin/settings/looks (the navigation screen saves with the
 * same function): a link the change adds must lead to a page the shop has, a refusal names the field and stores
 * nothing, a saved change is audited with its before and after, and fulfilment staff are refused.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINK_MESSAGE } from "../../core/links";
import { tokenHeaders } from "../../tests/support/api-tokens";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { auditEvents } from "../db/schema";
import { commandLineActor } from "../audit/audit";
import { NO_SUCH_COLLECTION, NO_SUCH_PAGE, OTHER_SITE } from "./navigation";
import { changeStoreSettings, getStoreSettings } from "../store/settings";

let t: TestApp;
let manager: Record<string, string>;
let fulfilment: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  manager = await tokenHeaders(t, "manager", "menu editor");
  fulfilment = await tokenHeaders(t, "fulfilment", "packing bench");
});
afterAll(async () => {
  await t.database.dispose();
});

const settings = () => getStoreSettings(t.deps.db, t.deps.storeId);
const patch = async (body: unknown, headers = manager) => {
  const response = await t.call("PATCH", "/api/admin/settings/looks", body, headers);
  return { status: response.status, body: (await response.json()) as { error?: string; field?: string } };
};
const lastLooksAudit = async () =>
  (
    await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.storeId, t.deps.storeId), eq(auditEvents.action, "store_looks.update")))
      .orderBy(desc(auditEvents.id))
      .limit(1)
  )[0];

describe("links the owner adds", () => {
  it("are refused, naming the field, when they lead to no page, and nothing is stored", async () => {
    const before = await settings();
    const pages = (extra: object) => ({ navbar: { pages: [...before.navbar.pages, extra] } });
    const at = before.navbar.pages.length;
    expect(await patch(pages({ name: "Gone", route: "/pages/gone" }))).toEqual({
      status: 400,
      body: { error: `navbar.pages.${at}.route: /pages/gone ${NO_SUCH_PAGE}`, field: `navbar.pages.${at}.route` },
    });
    expect(await patch(pages({ name: "Elsewhere", route: "//elsewhere.example/shop" }))).toMatchObject({
      status: 400,
      body: { error: `navbar.pages.${at}.route: ${OTHER_SITE}`, field: `navbar.pages.${at}.route` },
    });
    expect(await patch(pages({ name: "Cocoa", route: "/search", query: "cocoa", type: "collection-search" }))).toMatchObject({
      status: 400,
      body: { error: `navbar.pages.${at}.query: cocoa ${NO_SUCH_COLLECTION}`, field: `navbar.pages.${at}.query` },
    });
    expect(await patch(pages({ name: "Admin", route: "/admin" }))).toMatchObject({ status: 400, body: { field: `navbar.pages.${at}.route` } });
    const sections = [...before.footer.sections];
    sections[1] = { ...sections[1], links: [...sections[1].links, { name: "No such mug", route: "/products/no-such-mug" }] };
    expect(await patch({ footer: { sections } })).toMatchObject({
      status: 400,
      body: { field: `footer.sections.1.links.${sections[1].links.length - 1}.route` },
    });
    expect(await patch({ footer: { links: [{ name: "Nowhere", route: "/nowhere" }] } })).toMatchObject({
      status: 400,
      body: { field: "footer.links.0.route" },
    });
    expect(await settings()).toEqual(before);
  });

  it("are saved when they lead to the shop's pages, products, listings and account pages, audited before and after", async () => {
    const before = await settings();
    const pages = [
      ...before.navbar.pages,
      { name: "Tea", route: "/search", query: "tea", type: "collection-search" as const },
      { name: "Dark roasts", route: "/search", query: "dark roast", type: "search" as const },
      { name: "Shipping", route: "/pages/shipping" },
    ];
    const links = [...before.footer.links, { name: "Sign in", route: "/login" }, { name: "All tea", route: "/search?query=tea&type=collection-search" }];
    const answer = await patch({ navbar: { pages, displaySearchBar: true }, footer: { links, copyright: "Tidewater, Maine" } });
    expect(answer.status).toBe(200);
    const after = await settings();
    expect(after.navbar).toEqual({ pages, displaySearchBar: true });
    expect(after.footer).toEqual({ ...before.footer, links, copyright: "Tidewater, Maine" });
    const audit = await lastLooksAudit();
    expect(audit.changes["navbar.pages"]).toEqual({ before: before.navbar.pages, after: pages });
    expect(audit.changes["footer.copyright"]).toEqual({ before: before.footer.copyright, after: "Tidewater, Maine" });
    expect(audit.actorLabel).toBe("menu editor");
  });

  it("are the only ones checked: a link whose page went away does not stop another change", async () => {
    const { navbar } = await settings();
    const gone = { name: "Gone", route: "/pages/gone" };
    await changeStoreSettings(t.deps.db, commandLineActor(t.deps.storeId), { navbar: { ...navbar, pages: [...navbar.pages, gone] } });
    const answer = await patch({ navbar: { pages: [gone, ...navbar.pages] }, footer: { copyright: "Tidewater Coffee" } });
    expect(answer.status).toBe(200);
    expect((await settings()).navbar.pages[0]).toEqual(gone);
  });

  it("and the social links are replaced whole; a social link must be a web address", async () => {
    const socialLinks = [{ network: "tiktok", url: "https://www.tiktok.com/@tidewater" }];
    expect((await patch({ socialLinks })).status).toBe(200);
    expect((await settings()).socialLinks).toEqual(socialLinks);
    expect(await patch({ socialLinks: [{ network: "instagram", url: "instagram" }] })).toMatchObject({ status: 400, body: { field: "socialLinks.0.url" } });
    expect(await patch({ socialLinks: [{ network: "myspace", url: "https://myspace.com/x" }] })).toMatchObject({
      status: 400,
      body: { field: "socialLinks.0.network" },
    });
  });

  it("and a social link follows the owner's one link rule: a script or a page of its own is refused, naming the field", async () => {
    const before = await settings();
    for (const url of ["javascript:alert(document.cookie)", " JavaScript:alert(1)", "java\tscript:alert(1)", "data:text/html,<script>alert(1)</script>"]) {
      const answer = await patch({ socialLinks: [...before.socialLinks, { network: "tiktok", url }] });
      const field = `socialLinks.${before.socialLinks.length}.url`;
      expect({ url, ...answer }).toEqual({ url, status: 400, body: { error: expect.stringContaining(LINK_MESSAGE), field } });
    }
    expect(await settings()).toEqual(before);
    const socialLinks = [
      { network: "instagram", url: "http://instagram.com/tidewater" },
      { network: "tiktok", url: "/pages/about" },
    ];
    expect((await patch({ socialLinks })).status).toBe(200);
    expect((await settings()).socialLinks).toEqual(socialLinks);
  });

  it("are not for fulfilment staff", async () => {
    expect((await patch({ footer: { copyright: "Packed" } }, fulfilment)).status).toBe(403);
    expect((await settings()).footer.copyright).not.toBe("Packed");
  });
});
