import { readFileSync } from "node:fs";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { BLOG_POST, DEMO, PAGES } from "../db/seed-content";
import { blogSections, contactMessages, mailOutbox, pageSections, pages } from "../db/schema";
import { cleanDescriptionHtml } from "../catalog/description-html";
import { descriptionText } from "../catalog/description-text";
import { blogExcerpt, getBlogPost, listBlogPosts } from "./blog";
import { normalizePageName } from "./pages";
import { namedError } from "../../tests/support/errors";

let t: TestApp;
const storeId: string = DEMO.storeId;

beforeAll(async () => {
  // Behind a trusted proxy each test can be its own client, so rate limits do not leak between tests.
  t = await createTestApp({ TRUST_PROXY: "true", SHOP_OWNER_EMAIL: "owner@shop.test" });
});
afterAll(async () => {
  await t?.database.dispose();
});

let clients = 0;
const newClient = () => ({ "x-forwarded-for": `203.0.113.${++clients}` });

describe("GET /data/{pagename}.json", () => {
  it("answers a page with sections and, when it has one, its image", async () => {
    const about = PAGES.find((page) => page.name === "about")!;
    const response = await t.call("GET", "/data/about.json");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.title).toBe(about.title);
    expect(body.image).toMatch(/^\/images\//);
    expect(body.sections).toHaveLength(about.sections.length);
    expect(body.sections[0]).toEqual({ subheading: about.sections[0].subheading, content: about.sections[0].content });
    // A section without a subheading has none in the answer, rather than null.
    expect(body.sections[2]).toEqual({ content: about.sections[2].content });

    const shipping = await (await t.call("GET", "/data/shipping.json")).json();
    expect(shipping.title).toBe("Shipping");
    expect(shipping).not.toHaveProperty("image");
  });

  it("lower-cases the name and strips a leading pages/", async () => {
    expect((await t.call("GET", "/data/ABOUT.json")).status).toBe(200);
    expect((await t.call("GET", "/data/pages/About.json")).status).toBe(200);
    expect((await t.call("GET", "/data/pages%2Fabout.json")).status).toBe(200);
  });

  it("answers 404 JSON for unknown pages and for names that are not page names", async () => {
    for (const path of [
      "/data/no-such-page.json",
      "/data/..%2F..%2Fpackage.json",
      "/data/%2e%2e%2fserver%2fconfig.json",
      "/data/about%00.json",
      "/data/about.txt.json",
      "/data/a%20b.json",
      "/data/x/about.json",
      "/data/%E0%A4%A.json",
      "/data/.json",
    ]) {
      const response = await t.call("GET", path);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({ error: "Page not found" });
    }
  });

  it("accepts only letters, digits and dashes as names", () => {
    expect(normalizePageName("Pages/Returns")).toBe("returns");
    expect(normalizePageName("../etc/passwd")).toBeNull();
    expect(normalizePageName("about.json")).toBeNull();
    expect(normalizePageName("")).toBeNull();
  });
});

describe("blog", () => {
  it("lists the seeded post with its sections in order", async () => {
    const posts = await listBlogPosts(t.deps.db, storeId);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ blogId: BLOG_POST.slug, title: BLOG_POST.title, author: BLOG_POST.author });
    expect(posts[0].sections).toEqual(BLOG_POST.sections);
    expect(await getBlogPost(t.deps.db, storeId, BLOG_POST.slug)).toEqual(posts[0]);
    expect(await getBlogPost(t.deps.db, storeId, "missing")).toBeNull();
    expect(await listBlogPosts(t.deps.db, "other-store")).toEqual([]);
  });

  it("makes the excerpt from the first 200 characters of the first section's words and an ellipsis", async () => {
    const [post] = await listBlogPosts(t.deps.db, storeId);
    expect(blogExcerpt(post)).toBe(`${descriptionText(BLOG_POST.sections[0].content).slice(0, 200)}...`);
    const marked = { ...post, sections: [{ heading: null, content: "<p>Beans &amp; <strong>leaves</strong></p><p>Second</p>" }] };
    expect(blogExcerpt(marked)).toBe("Beans & leaves Second...");
  });
});

describe("migration 0056: sections written as plain text", () => {
  it("become the HTML that shows the same words, paragraphs and line breaks, which the cleaning keeps as it is", async () => {
    const { db } = t.deps;
    const seeded = async () => ({
      pages: await db.select({ id: pageSections.id, content: pageSections.content }).from(pageSections).orderBy(pageSections.id),
      posts: await db.select({ id: blogSections.id, content: blogSections.content }).from(blogSections).orderBy(blogSections.id),
    });
    const asSeeded = await seeded();
    // Every section as a shop from before decision 0076 holds it: the demo's words without their markup.
    for (const section of asSeeded.pages) await db.update(pageSections).set({ content: descriptionText(section.content) }).where(eq(pageSections.id, section.id));
    for (const section of asSeeded.posts) await db.update(blogSections).set({ content: descriptionText(section.content) }).where(eq(blogSections.id, section.id));
    const [page] = await db.insert(pages).values({ storeId, name: "typed-before", title: "Typed before" }).returning({ id: pages.id });
    const typed = "Beans & <b>leaves</b>\r\nnext line\n \n\n  A second paragraph  \n";
    const [section] = await db.insert(pageSections).values({ storeId, pageId: page.id, content: typed }).returning({ id: pageSections.id });

    const migration = readFileSync("server/db/migrations/0056_content_sections_html.sql", "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));

    // The demo's sections come out as a new demo shop is seeded with them, so the demo's removal still knows them.
    expect(await seeded()).toEqual({ ...asSeeded, pages: [...asSeeded.pages, { id: section.id, content: expect.any(String) }] });
    const [migrated] = await db.select({ content: pageSections.content }).from(pageSections).where(eq(pageSections.id, section.id));
    expect(migrated.content).toBe("<p>Beans &amp; &lt;b&gt;leaves&lt;/b&gt;<br />next line</p><p>A second paragraph</p>");
    expect(cleanDescriptionHtml(migrated.content)).toBe(migrated.content);
    expect((await t.call("GET", "/data/typed-before.json").then((response) => response.json())).sections).toEqual([{ content: migrated.content }]);
    await db.delete(pages).where(eq(pages.id, page.id));
  });
});

describe("POST /api/customer_service/process_customer_service_request", () => {
  const request = (data: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    customer_service_data: {
      customer_name: "Grace Hopper",
      customer_email: "grace@example.com",
      customer_phone_number: "555-0100",
      message: "Do you ship to Alaska?",
      ...data,
    },
    store_id: storeId,
    ...extra,
  });

  async function messagesFrom(email: string) {
    return t.deps.db.select().from(contactMessages).where(eq(contactMessages.email, email));
  }

  it("stores the message and emails the shop owner", async () => {
    const response = await t.call("POST", "/api/customer_service/process_customer_service_request", request({}), newClient());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    const [stored] = await messagesFrom("grace@example.com");
    expect(stored).toMatchObject({ storeId, name: "Grace Hopper", phone: "555-0100", message: "Do you ship to Alaska?" });
    const [mail] = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "contact-request"))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail.to).toBe("owner@shop.test");
    expect(mail.text).toContain("grace@example.com");
    expect(mail.text).toContain("Do you ship to Alaska?");
  });

  it("escapes the message in the owner's HTML email", async () => {
    await t.call(
      "POST",
      "/api/customer_service/process_customer_service_request",
      request({ customer_email: "html@example.com", message: "<script>alert(1)</script>" }),
      newClient(),
    );
    const [mail] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "contact-request")).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
  });

  it("needs only the email", async () => {
    const response = await t.call(
      "POST",
      "/api/customer_service/process_customer_service_request",
      { customer_service_data: { customer_email: "only-email@example.com" }, store_id: storeId },
      newClient(),
    );
    expect(response.status).toBe(200);
    expect(await messagesFrom("only-email@example.com")).toHaveLength(1);
  });

  it("refuses an invalid email with 'Invalid email address' and stores nothing", async () => {
    for (const customer_email of ["not-an-email", "", undefined]) {
      const response = await t.call(
        "POST",
        "/api/customer_service/process_customer_service_request",
        request({ customer_email, message: "bad email test" }),
        newClient(),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Invalid email address", field: "customer_service_data.customer_email" });
    }
    const stored = await t.deps.db.select().from(contactMessages).where(eq(contactMessages.message, "bad email test"));
    expect(stored).toEqual([]);
  });

  it("refuses messages over 5,000 characters with a clear message", async () => {
    const ok = await t.call(
      "POST",
      "/api/customer_service/process_customer_service_request",
      request({ customer_email: "long@example.com", message: "a".repeat(5000) }),
      newClient(),
    );
    expect(ok.status).toBe(200);
    const response = await t.call(
      "POST",
      "/api/customer_service/process_customer_service_request",
      request({ customer_email: "toolong@example.com", message: "a".repeat(5001) }),
      newClient(),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/5,000 characters/);
    expect(await messagesFrom("toolong@example.com")).toEqual([]);
  });

  it("answers a filled-in honeypot like a success but keeps and sends nothing", async () => {
    const before = await t.deps.db.select().from(mailOutbox);
    const response = await t.call(
      "POST",
      "/api/customer_service/process_customer_service_request",
      request({ customer_email: "bot@example.com" }, { website: "http://spam.example" }),
      newClient(),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(await messagesFrom("bot@example.com")).toEqual([]);
    expect(await t.deps.db.select().from(mailOutbox)).toHaveLength(before.length);
  });

  it("allows 5 messages per hour from one client, then answers 429", async () => {
    const client = newClient();
    for (let i = 0; i < 5; i++) {
      const response = await t.call(
        "POST",
        "/api/customer_service/process_customer_service_request",
        request({ customer_email: "limit@example.com" }),
        client,
      );
      expect(response.status).toBe(200);
    }
    const refused = await t.call(
      "POST",
      "/api/customer_service/process_customer_service_request",
      request({ customer_email: "limit@example.com" }),
      client,
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await refused.json()).error).toBe("Too many messages. Please try again later.");
    expect(await messagesFrom("limit@example.com")).toHaveLength(5);
    // Another client is not affected.
    const other = await t.call("POST", "/api/customer_service/process_customer_service_request", request({}), newClient());
    expect(other.status).toBe(200);
  });

  it("answers 404 for an unknown store and 400 for a missing one", async () => {
    const unknown = await t.call(
      "POST",
      "/api/customer_service/process_customer_service_request",
      request({}, { store_id: "no-such-store" }),
      newClient(),
    );
    expect(unknown.status).toBe(404);
    const missing = await t.call(
      "POST",
      "/api/customer_service/process_customer_service_request",
      { customer_service_data: { customer_email: "a@example.com" } },
      newClient(),
    );
    expect(missing.status).toBe(400);
    expect(namedError(await missing.json())).toMatch(/store_id/);
    const broken = await t.call("POST", "/api/customer_service/process_customer_service_request", "{not json", newClient());
    expect(broken.status).toBe(400);
  });

  it("takes a plain form post and redirects back to the contact page", async () => {
    const form = new URLSearchParams({
      customer_name: "Form Sender",
      customer_email: "form@example.com",
      customer_phone_number: "",
      message: "Sent without JavaScript",
      website: "",
    });
    const response = await t.call("POST", "/api/customer_service/process_customer_service_request", form.toString(), {
      ...newClient(),
      "content-type": "application/x-www-form-urlencoded",
      referer: "http://localhost/contact",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/contact?sent=ok");
    expect(await messagesFrom("form@example.com")).toHaveLength(1);

    const bad = await t.call(
      "POST",
      "/api/customer_service/process_customer_service_request",
      new URLSearchParams({ customer_email: "nope" }).toString(),
      { ...newClient(), "content-type": "application/x-www-form-urlencoded", referer: "https://evil.example/x" },
    );
    expect(bad.headers.get("location")).toBe("/contact?sent=error");
  });

  it("returns a plain form post only to a page of the shop, whatever its Referer says", async () => {
    const sentFrom = async (referer: string) => {
      const response = await t.call("POST", "/api/customer_service/process_customer_service_request", new URLSearchParams({ customer_email: "nope" }).toString(), {
        ...newClient(),
        "content-type": "application/x-www-form-urlencoded",
        referer,
      });
      expect(response.status).toBe(303);
      return response.headers.get("location");
    };
    // A page of the shop whose path starts with two slashes once its dot segments are resolved.
    expect(await sentFrom("http://localhost/.//evil.example/x")).toBe("/contact?sent=error");
    expect(await sentFrom("http://localhost/a/..//evil.example")).toBe("/contact?sent=error");
    expect(await sentFrom("https://localhost/about")).toBe("/contact?sent=error");
    expect(await sentFrom("http://localhost/about?x=1#top")).toBe("/about?x=1&sent=error");
    // The public address, which a proxy ending TLS does not pass on as the request's own.
    expect(await sentFrom(`${t.deps.config.publicUrl}/about`)).toBe("/about?sent=error");
  });
});
