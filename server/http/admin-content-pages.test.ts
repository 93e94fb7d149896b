/**
 * The blog post and page screens (app/routes/admin.content*), rendered for real through Vite and posted
 * as a browser posts them before its JavaScript loads: a post written as a draft, 404 to a shopper and a preview to
 * staff, its sections moved and refused beside their fields, published onto the blog; a page published at its
 * address; delete after asking; the door shut to fulfilment staff.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { renderedBackOffice } from "../../tests/support/admin-pages";
import { type TestApp } from "../../tests/support/app";
import { commandLineActor } from "../audit/audit";
import { blogPosts, pages as pageRows } from "../db/schema";
import { changeStoreSettings, getStoreSettings } from "../store/settings";

let t: TestApp;
let owner: string;
let packer: string;

const office = renderedBackOffice();
const { get, post, html } = office;

beforeAll(() => {
  ({ t, owner, packer } = office);
});

const postForm = (intent: string, sections: [string, string][], extra: [string, string][] = []): [string, string][] => [
  ["title", "Roasting at home"],
  ["address", "roasting-at-home"],
  ["author", "Mara Quinn"],
  ["status", "draft"],
  ...sections.flatMap(([subheading, content]): [string, string][] => [
    ["section_subheading", subheading],
    ["section_content", content],
  ]),
  ...extra,
  ["intent", intent],
];

const pageRow = async (name: string) => (await t.deps.db.select().from(pageRows).where(eq(pageRows.name, name)))[0];
const postRow = async (slug: string) => (await t.deps.db.select().from(blogPosts).where(eq(blogPosts.slug, slug)))[0];

describe("the blog post and page screens", () => {
  it("write a draft post (404 to shoppers, a preview to staff), move its sections, refuse beside the field, publish it", async () => {
    expect(await html(await get("/admin/posts/new", owner))).toContain("Address (the post is at /blog/address)");
    const moved = await post("/admin/posts/new", postForm("section-up:1", [["First", "one"], ["Second", "<b>two</b>"]]), owner);
    const movedPage = await html(moved);
    expect(movedPage.indexOf('value="Second"')).toBeLessThan(movedPage.indexOf('value="First"'));
    const added = await html(await post("/admin/posts/new", postForm("add-section", [["First", "one"]]), owner));
    expect(added).toContain("Section 2 text");

    const refused = await html(await post("/admin/posts/new", postForm("save", [["First", ""]]), owner), 400);
    expect(refused).toMatch(/Content is required/);
    expect(refused).toContain('aria-invalid="true"');
    expect(await postRow("roasting-at-home")).toBeUndefined();

    const saved = await post("/admin/posts/new", postForm("save", [["Beans", '<p>Start with fresh <b>beans</b>.<script>alert("sent")</script></p>']]), owner);
    expect(saved.status).toBe(302);
    const row = await postRow("roasting-at-home");
    expect(row).toMatchObject({ status: "draft", title: "Roasting at home" });
    expect(saved.headers.get("location")).toBe(`/admin/posts/${row.id}?notice=content-saved`);

    expect((await get("/blog/roasting-at-home")).status).toBe(404);
    expect(await html(await get("/blog"))).not.toContain("Roasting at home");
    const preview = await get("/blog/roasting-at-home", owner);
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
    const previewed = await html(preview);
    expect(previewed).toContain("Draft — only staff can see this post");
    // HTML, as the save kept it: the bold word drawn bold, the script gone.
    expect(previewed).toContain('<div class="description-body"><p>Start with fresh <b>beans</b>.</p></div>');
    expect(previewed).not.toContain('alert("sent")');
    expect((await get("/blog/roasting-at-home", packer)).status).toBe(404);

    const edit = await html(await get(`/admin/posts/${row.id}?notice=content-saved`, owner));
    expect(edit).toMatch(/<p role="status"[^>]*>Saved.<\/p>/);
    expect(edit).toContain('href="/blog/roasting-at-home"');
    const published = await post(`/admin/posts/${row.id}`, { intent: "publish" }, owner);
    expect(published.headers.get("location")).toBe(`/admin/posts/${row.id}?notice=content-published`);
    expect(await html(await get("/blog"))).toContain("Roasting at home");
    expect(await html(await get("/blog/roasting-at-home"))).not.toContain("only staff can see");
    expect(await html(await get("/admin/posts", owner))).toMatch(/Roasting at home[\s\S]*Published/);
  });

  it("publish a page at its address, refuse a taken name beside the field, delete after asking", async () => {
    const form = (name: string) => ({ title: "Wholesale", address: name, status: "published", section_subheading: "", section_content: "Write to us.", intent: "save" });
    const taken = await html(await post("/admin/pages/new", form("about"), owner), 409);
    expect(taken).toContain("Another page has this address");
    const saved = await post("/admin/pages/new", form("wholesale"), owner);
    expect(saved.status).toBe(302);
    const [row] = await t.deps.db.select().from(pageRows).where(eq(pageRows.name, "wholesale"));
    expect(saved.headers.get("location")).toBe(`/admin/pages/${row.id}?notice=content-published`);
    expect(await html(await get("/pages/wholesale"))).toContain("Write to us.");

    const unpublished = await post(`/admin/pages/${row.id}`, { intent: "unpublish" }, owner);
    expect(unpublished.headers.get("location")).toBe(`/admin/pages/${row.id}?notice=content-unpublished`);
    expect((await get("/pages/wholesale")).status).toBe(404);
    expect((await get("/data/wholesale.json")).status).toBe(404);
    const preview = await get("/pages/wholesale", owner);
    expect(preview.headers.get("x-robots-tag")).toBe("noindex");
    expect(await html(preview)).toContain("Draft — only staff can see this page");

    expect(await html(await get(`/admin/pages/${row.id}?delete`, owner))).toContain("Delete the page Wholesale?");
    const deleted = await post(`/admin/pages/${row.id}`, { intent: "delete", id: String(row.id) }, owner);
    expect(deleted.headers.get("location")).toBe("/admin/pages?notice=content-deleted");
    expect((await get("/pages/wholesale")).status).toBe(404);
  });

  it("ask, when unpublishing a page the footer links to (the Status button or a save as a draft), and unpublish once answered", async () => {
    const form = { title: "Terms", address: "terms", status: "published", section_subheading: "", section_content: "Our terms.", intent: "save" };
    const saved = await post("/admin/pages/new", form, owner);
    const [row] = await t.deps.db.select().from(pageRows).where(eq(pageRows.name, "terms"));
    expect(saved.headers.get("location")).toBe(`/admin/pages/${row.id}?notice=content-published`);
    const { footer } = await getStoreSettings(t.deps.db, t.deps.storeId);
    await changeStoreSettings(t.deps.db, commandLineActor(t.deps.storeId), { footer: { ...footer, links: [...footer.links, { name: "Terms", route: "/pages/terms" }] } });

    // Before, both unpublished it and left "Terms" leading to a 404.
    for (const [asking, title] of [
      [{ intent: "unpublish" }, "Terms"],
      [{ ...form, title: "Our terms", status: "draft" }, "Our terms"],
    ] as const) {
      const asked = await html(await post(`/admin/pages/${row.id}`, asking, owner), 409);
      expect(asked).toContain("Unpublish the page Terms? This link leads to it and would then lead nowhere:");
      expect(asked).toMatch(/<button[^>]*form="draft-form"[^>]*>Keep the link/);
      expect(asked).toContain(`value="${title}"`);
      expect((await pageRow("terms")).status).toBe("published");
    }

    const unpublished = await post(`/admin/pages/${row.id}`, { ...form, status: "draft", links: "keep" }, owner);
    expect(unpublished.headers.get("location")).toBe(`/admin/pages/${row.id}?notice=content-unpublished`);
    expect((await pageRow("terms")).status).toBe("draft");
    expect((await getStoreSettings(t.deps.db, t.deps.storeId)).footer.links.map((link) => link.route)).toContain("/pages/terms");
  });

  it("are shut to fulfilment staff", async () => {
    for (const path of ["/admin/posts", "/admin/posts/new", "/admin/pages", "/admin/pages/new"]) {
      expect({ path, status: (await get(path, packer)).status }).toEqual({ path, status: 403 });
    }
    expect((await post("/admin/pages/new", { title: "x", intent: "save" }, packer)).status).toBe(403);
  });
});
