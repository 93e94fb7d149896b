import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { blogPostAnswerSchema, blogPostListSchema, staticPageAnswerSchema, staticPageListSchema } from "../../core/schemas/admin-content";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { tokenHeaders } from "../../tests/support/api-tokens";
import { sitemapEntries } from "../catalog/sitemap";
import { getBlogPost, listBlogPosts } from "../content/blog";
import { auditEvents, contentVersion } from "../db/schema";

let t: TestApp;
let manager: Record<string, string>;
let fulfilment: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  manager = await tokenHeaders(t, "manager", "editor");
  fulfilment = await tokenHeaders(t, "fulfilment", "packing bench");
});
afterAll(async () => {
  await t.database.dispose();
});

type Answer = Partial<
  z.infer<typeof blogPostAnswerSchema> & z.infer<typeof blogPostListSchema> & z.infer<typeof staticPageAnswerSchema> & z.infer<typeof staticPageListSchema>
> & { error?: string; field?: string; success?: boolean };

const call = async (method: string, path: string, body?: unknown, headers = manager) => {
  const response = await t.call(method, path, body, headers);
  return { status: response.status, body: (await response.json()) as Answer };
};

const lastAudit = async (entity: string) =>
  (await t.deps.db.select().from(auditEvents).where(eq(auditEvents.entity, entity)).orderBy(desc(auditEvents.id)).limit(1))[0];
const version = async () => (await t.deps.db.select({ version: contentVersion.version }).from(contentVersion))[0].version;
const sitemapPaths = async () => (await sitemapEntries(t.deps.db, t.deps.storeId)).map((entry) => entry.path);
const pageData = async (name: string) => {
  const response = await t.call("GET", `/data/${name}.json`);
  return { status: response.status, body: (await response.json()) as unknown };
};

const post = () => ({
  blog_id: "spring-harvest",
  title: "Spring harvest",
  author: "Mara Quinn",
  sections: [
    { subheading: "", content: "The first lots arrived this week." },
    {
      subheading: "Tasting <b>notes</b>",
      content: '<p>Stone fruit &amp; <strong>honey</strong>; <a href="/pages/about" target="_blank" onclick="steal()">our farms</a><script>alert(1)</script><img src=x onerror=alert(1)></p>',
    },
  ],
});
/** The post's sections as the save keeps them: HTML in the kept markup, the script, picture and handlers gone. */
const keptSections = [
  { subheading: "", content: "The first lots arrived this week." },
  { subheading: "Tasting <b>notes</b>", content: '<p>Stone fruit &amp; <strong>honey</strong>; <a href="/pages/about" rel="noopener noreferrer">our farms</a></p>' },
];

const page = () => ({ name: "wholesale", title: "Wholesale", sections: [{ subheading: "Cafés", content: "Write to us for wholesale prices." }] });

async function upload(path: string, file: Blob) {
  const body = new FormData();
  body.append("file", file, "picture");
  const response = await t.app.request(`http://localhost${path}`, { method: "POST", headers: manager, body });
  return { status: response.status, body: (await response.json()) as Answer };
}
const png = async () =>
  new Blob([new Uint8Array(await sharp({ create: { width: 32, height: 32, channels: 3, background: "#2d6a73" } }).png().toBuffer())], { type: "image/png" });

describe("/api/admin/posts and /api/admin/pages", () => {
  it("answers 401 without a session or token and 403 to a fulfilment token, on every route", async () => {
    for (const path of ["posts", "pages"]) {
      for (const [method, suffix] of [
        ["GET", ""],
        ["POST", ""],
        ["GET", "/1"],
        ["PUT", "/1"],
        ["POST", "/1/picture"],
        ["DELETE", "/1"],
      ]) {
        const url = `/api/admin/${path}${suffix}`;
        const body = method === "POST" || method === "PUT" ? {} : undefined;
        expect({ url, method, status: (await t.call(method, url, body)).status }).toEqual({ url, method, status: 401 });
        expect({ url, method, status: (await t.call(method, url, body, fulfilment)).status }).toEqual({ url, method, status: 403 });
      }
    }
  });

  it("writes a draft post shoppers cannot see, publishes it onto the blog and the sitemap with the day of publication, audited", async () => {
    const before = await version();
    const created = await call("POST", "/api/admin/posts", post());
    expect(created.status).toBe(201);
    expect(created.body.post).toMatchObject({ blog_id: "spring-harvest", status: "draft", image_url: null, path: "/blog/spring-harvest", sections: keptSections });
    const id = created.body.post!.id;
    expect(await version()).toBeGreaterThan(before);
    expect(await getBlogPost(t.deps.db, t.deps.storeId, "spring-harvest")).toBeNull();
    expect((await listBlogPosts(t.deps.db, t.deps.storeId)).map((shown) => shown.blogId)).not.toContain("spring-harvest");
    expect(await sitemapPaths()).not.toContain("/blog/spring-harvest");
    expect(await getBlogPost(t.deps.db, t.deps.storeId, "spring-harvest", { includeDrafts: true })).toMatchObject({ title: "Spring harvest" });
    expect(await lastAudit("blog_post")).toMatchObject({ action: "blog_post.create", entityId: String(id) });

    const published = await call("PUT", `/api/admin/posts/${id}`, { ...post(), status: "published" });
    expect(published.body.post!.status).toBe("published");
    expect(new Date(published.body.post!.published_at).getTime()).toBeGreaterThanOrEqual(new Date(created.body.post!.published_at).getTime());
    const [newest] = await listBlogPosts(t.deps.db, t.deps.storeId);
    expect(newest).toMatchObject({
      blogId: "spring-harvest",
      // The subheading stays text; the content is HTML.
      sections: keptSections.map(({ subheading, content }) => ({ heading: subheading || null, content })),
    });
    expect(await sitemapPaths()).toContain("/blog/spring-harvest");
    expect(await lastAudit("blog_post")).toMatchObject({ action: "blog_post.update", changes: { status: { before: "draft", after: "published" } } });

    const unpublished = await call("PUT", `/api/admin/posts/${id}`, { ...post(), status: "draft" });
    expect(unpublished.body.post!.status).toBe("draft");
    expect(await getBlogPost(t.deps.db, t.deps.storeId, "spring-harvest")).toBeNull();
    expect((await call("GET", "/api/admin/posts")).body.posts!.find((listed) => listed.id === id)).toMatchObject({ status: "draft" });
  });

  it("refuses bad input with 400 naming the field and stores nothing; a taken address is 409", async () => {
    const count = async () => (await call("GET", "/api/admin/posts")).body.posts!.length;
    const was = await count();
    for (const [change, field] of [
      [{ title: "" }, "title"],
      [{ title: "x".repeat(201) }, "title"],
      [{ author: " " }, "author"],
      [{ blog_id: "Spring Harvest!" }, "blog_id"],
      [{ status: "live" }, "status"],
      [{ sections: [] }, "sections"],
      [{ sections: [{ subheading: "", content: "" }] }, "sections.0.content"],
      // Nothing but markup the save removes, or an empty editor's paragraph, leaves no content.
      [{ sections: [{ subheading: "", content: "ok" }, { subheading: "", content: "<script>alert(1)</script><p> </p>" }] }, "sections.1.content"],
      [{ sections: [{ subheading: "", content: "<p></p>" }] }, "sections.0.content"],
      [{ sections: [{ subheading: "x".repeat(201), content: "ok" }] }, "sections.0.subheading"],
      [{ image_url: "https://elsewhere.example/cat.jpg" }, "image_url"],
    ] as const) {
      const refused = await call("POST", "/api/admin/posts", { ...post(), blog_id: "refused", ...change });
      expect({ change, status: refused.status, field: refused.body.field }).toEqual({ change, status: 400, field });
    }
    expect(await count()).toBe(was);
    const seeded = (await call("GET", "/api/admin/posts")).body.posts!.find((listed) => listed.blog_id !== "spring-harvest")!;
    expect(await call("POST", "/api/admin/posts", { ...post(), blog_id: seeded.blog_id })).toMatchObject({ status: 409, body: { field: "blog_id" } });
    expect(await call("POST", "/api/admin/pages", { ...page(), name: "about" })).toMatchObject({ status: 409, body: { field: "name" } });
    expect(await call("POST", "/api/admin/pages", { ...page(), name: "../etc" })).toMatchObject({ status: 400, body: { field: "name" } });
  });

  it("gives a post a picture by upload (415 naming file for what is not one) and removes it with a PUT", async () => {
    const id = (await call("POST", "/api/admin/posts", { ...post(), blog_id: "pictured" })).body.post!.id;
    const added = await upload(`/api/admin/posts/${id}/picture`, await png());
    expect(added.status).toBe(201);
    const url = added.body.post!.image_url!;
    expect(url).toMatch(/^\/images\/blog\/[0-9a-f-]+\.jpg$/);
    expect(await lastAudit("blog_post")).toMatchObject({ action: "blog_post.update", changes: { image_url: { before: null, after: url } } });
    expect(await upload(`/api/admin/posts/${id}/picture`, new Blob(["<svg/>"], { type: "image/png" }))).toMatchObject({ status: 415, body: { field: "file" } });
    expect((await call("PUT", `/api/admin/posts/${id}`, { ...post(), blog_id: "pictured", image_url: url })).body.post!.image_url).toBe(url);
    expect((await call("PUT", `/api/admin/posts/${id}`, { ...post(), blog_id: "pictured", image_url: null })).body.post!.image_url).toBeNull();
    expect(await call("DELETE", `/api/admin/posts/${id}`)).toMatchObject({ status: 200, body: { success: true } });
    expect((await call("GET", `/api/admin/posts/${id}`)).status).toBe(404);
    expect(await lastAudit("blog_post")).toMatchObject({ action: "blog_post.delete" });
  });

  it("writes a page: a draft answers 404 at /data/{name}.json and is out of the sitemap; published, it has the spec's shape", async () => {
    const created = await call("POST", "/api/admin/pages", page());
    expect(created).toMatchObject({ status: 201, body: { page: { name: "wholesale", status: "draft", path: "/pages/wholesale" } } });
    const id = created.body.page!.id;
    expect((await pageData("wholesale")).status).toBe(404);
    expect(await sitemapPaths()).not.toContain("/pages/wholesale");

    await call("PUT", `/api/admin/pages/${id}`, { ...page(), status: "published" });
    expect(await pageData("wholesale")).toEqual({
      status: 200,
      body: { title: "Wholesale", sections: [{ subheading: "Cafés", content: "Write to us for wholesale prices." }] },
    });
    expect(await sitemapPaths()).toContain("/pages/wholesale");
    const pictured = await upload(`/api/admin/pages/${id}/picture`, await png());
    expect((await pageData("wholesale")).body).toMatchObject({ image: pictured.body.page!.image_url });

    const renamed = await call("PUT", `/api/admin/pages/${id}`, { ...page(), name: "trade", status: "published", image_url: pictured.body.page!.image_url });
    expect(renamed.body.page!.path).toBe("/pages/trade");
    expect((await pageData("wholesale")).status).toBe(404);
    expect(await lastAudit("page")).toMatchObject({ action: "page.update", changes: { name: { before: "wholesale", after: "trade" } } });

    expect((await call("GET", "/api/admin/pages")).body.pages!.map((listed) => listed.name)).toContain("trade");
    await call("DELETE", `/api/admin/pages/${id}`);
    expect((await pageData("trade")).status).toBe(404);
    expect(await lastAudit("page")).toMatchObject({ action: "page.delete" });
  });
});
