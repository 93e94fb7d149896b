/**
 * Issue 37, defect 2, for the whole saves: a product saved as a draft or archived (PUT /api/admin/products/{id}), or a
 * page or post unpublished (PUT /api/admin/pages|posts/{id}), takes its page off the shop as the status call or a
 * delete does, so it asks the same: refused with 409 naming the menu and footer links that would lead nowhere, with
 * nothing of the save written, until `links` says remove or keep. Runs on PostgreSQL too (tests/postgres-suite.ts):
 * the refusal undoes a transaction that had already written the product, its variants and the page's sections. A
 * published page or post renamed takes its links to its new address.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlacedLink } from "../../core/navigation";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { tokenHeaders } from "../../tests/support/api-tokens";
import { getAdminProduct, productInputOf } from "../catalog/product-editor";
import { sitemapEntries } from "../catalog/sitemap";
import { contentInputOf, getContent } from "../content/content-editor";
import { auditEvents, blogPosts, pages, products } from "../db/schema";
import { getStoreSettings } from "../store/settings";

let t: TestApp;
let manager: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  manager = await tokenHeaders(t, "manager", "merchandiser");
});
afterAll(async () => {
  await t.database.dispose();
});

type Answer = { error?: string; field?: string; links?: PlacedLink[]; product?: { status: string; title: string }; page?: { status: string }; post?: { status: string } };

const call = async (method: string, path: string, body?: unknown) => {
  const response = await t.call(method, path, body, manager);
  return { status: response.status, body: (await response.json()) as Answer };
};

const footerRoutes = async () => {
  const { footer } = await getStoreSettings(t.deps.db, t.deps.storeId);
  return [...footer.links, ...footer.sections.flatMap((section) => section.links)].map((link) => link.route);
};
/** The pages the shop has now, as the links' check reads them. */
const shopPaths = async () => (await sitemapEntries(t.deps.db, t.deps.storeId)).map((entry) => entry.path);
const auditCount = async () => (await t.deps.db.select({ id: auditEvents.id }).from(auditEvents)).length;
const lastAudit = async (entity: string) =>
  (await t.deps.db.select().from(auditEvents).where(eq(auditEvents.entity, entity)).orderBy(desc(auditEvents.id)).limit(1))[0];

const productNamed = async (handle: string) => {
  const [row] = await t.deps.db.select({ id: products.id }).from(products).where(and(eq(products.storeId, t.deps.storeId), eq(products.handle, handle)));
  return { id: row.id, input: productInputOf(await getAdminProduct(t.deps.db, t.deps.storeId, row.id)) };
};

const KIT_LINK = { place: "Footer, From the roastery", name: "Pour-Over Starter Kit", href: "/bundles/pour-over-starter-kit" };

describe("a whole save that takes a page off the shop asks about the links to it", () => {
  it("refuses a product saved as archived while a footer link leads to its bundle, saving nothing of it, then removes the link as told", async () => {
    const { id, input } = await productNamed("ceramic-dripper");
    const audits = await auditCount();
    const changed = { ...input, title: "Retired Dripper", status: "archived" as const, variants: input.variants.map((variant) => ({ ...variant, price_cents: variant.price_cents + 100 })) };

    // Before, the save answered 200 and left the kit's footer link leading to a 404.
    const refused = await call("PUT", `/api/admin/products/${id}`, changed);
    expect(refused).toMatchObject({ status: 409, body: { field: "links", error: expect.stringContaining("Footer, From the roastery: Pour-Over Starter Kit") } });
    expect(refused.body.links).toContainEqual(KIT_LINK);
    const kept = await getAdminProduct(t.deps.db, t.deps.storeId, id);
    expect({ title: kept.title, status: kept.status, prices: kept.variants.map((variant) => variant.priceCents) }).toEqual({
      title: input.title,
      status: "active",
      prices: input.variants.map((variant) => variant.price_cents),
    });
    expect(await auditCount()).toBe(audits);
    expect(await shopPaths()).toContain(KIT_LINK.href);

    expect((await call("PUT", `/api/admin/products/${id}`, { ...changed, links: "later" })).body).toMatchObject({ field: "links" });
    const saved = await call("PUT", `/api/admin/products/${id}`, { ...changed, links: "remove" });
    expect(saved).toMatchObject({ status: 200, body: { product: { title: "Retired Dripper", status: "archived" } } });
    expect(await footerRoutes()).not.toContain(KIT_LINK.href);
    expect(await lastAudit("store_settings")).toMatchObject({ action: "navigation.links_removed" });
    expect(await lastAudit("product")).toMatchObject({ action: "product.update", entityId: String(id) });

    // Back on sale, a save that keeps it on sale asks nothing, nor one of a product off sale already.
    expect((await call("PUT", `/api/admin/products/${id}`, { ...input, status: "active" })).status).toBe(200);
    expect((await call("PUT", `/api/admin/products/${id}`, { ...input, status: "active", handle: "ceramic-dripper-v2" })).status).toBe(200);
  });

  it("asks of a product saved as a draft too, and keeps the links when told to", async () => {
    const { id, input } = await productNamed("harbor-mug");
    const { navbar } = await getStoreSettings(t.deps.db, t.deps.storeId);
    const menu = [...navbar.pages, { name: "Mugs", route: "/products/harbor-mug" }];
    expect((await call("PATCH", "/api/admin/settings/looks", { navbar: { pages: menu } })).status).toBe(200);

    const refused = await call("PUT", `/api/admin/products/${id}`, { ...input, status: "draft" });
    expect(refused.status).toBe(409);
    expect(refused.body.links).toContainEqual({ place: "Menu", name: "Mugs", href: "/products/harbor-mug" });
    expect((await getAdminProduct(t.deps.db, t.deps.storeId, id)).status).toBe("active");

    expect((await call("PUT", `/api/admin/products/${id}`, { ...input, status: "draft", links: "keep" })).body).toMatchObject({ product: { status: "draft" } });
    expect((await getStoreSettings(t.deps.db, t.deps.storeId)).navbar.pages.map((link) => link.route)).toContain("/products/harbor-mug");
  });

  it("refuses a page unpublished while the footer links to it, its sections unchanged, then removes the link as told", async () => {
    const [row] = await t.deps.db.select({ id: pages.id }).from(pages).where(and(eq(pages.storeId, t.deps.storeId), eq(pages.name, "shipping")));
    const before = await getContent("page", t.deps.db, t.deps.storeId, row.id);
    const unpublished = { ...contentInputOf("page", before), status: "draft" as const, sections: [{ subheading: "", content: "<p>Rewritten.</p>" }] };

    const refused = await call("PUT", `/api/admin/pages/${row.id}`, unpublished);
    expect(refused).toMatchObject({ status: 409, body: { field: "links", links: [{ place: "Footer", name: "Shipping", href: "/pages/shipping" }] } });
    const kept = await getContent("page", t.deps.db, t.deps.storeId, row.id);
    expect({ status: kept.status, sections: kept.sections }).toEqual({ status: "published", sections: before.sections });
    expect(await shopPaths()).toContain("/pages/shipping");

    expect(await call("PUT", `/api/admin/pages/${row.id}`, { ...unpublished, links: "remove" })).toMatchObject({ status: 200, body: { page: { status: "draft" } } });
    expect(await footerRoutes()).not.toContain("/pages/shipping");
    expect(await lastAudit("store_settings")).toMatchObject({ action: "navigation.links_removed" });
  });

  it("asks of a post unpublished, keeps its link when told to, and asks nothing of a change that leaves it published", async () => {
    const [row] = await t.deps.db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(and(eq(blogPosts.storeId, t.deps.storeId), eq(blogPosts.slug, "brewing-better-coffee-at-home")));
    const input = contentInputOf("post", await getContent("post", t.deps.db, t.deps.storeId, row.id));

    expect((await call("PUT", `/api/admin/posts/${row.id}`, { ...input, title: "Better coffee at home" })).status).toBe(200);
    const refused = await call("PUT", `/api/admin/posts/${row.id}`, { ...input, status: "draft" });
    expect(refused).toMatchObject({ status: 409, body: { links: [{ place: "Footer, From the roastery", name: "Brewing better coffee at home", href: "/blog/brewing-better-coffee-at-home" }] } });
    expect((await getContent("post", t.deps.db, t.deps.storeId, row.id)).status).toBe("published");

    expect(await call("PUT", `/api/admin/posts/${row.id}`, { ...input, status: "draft", links: "keep" })).toMatchObject({ status: 200, body: { post: { status: "draft" } } });
    expect(await footerRoutes()).toContain("/blog/brewing-better-coffee-at-home");
  });
});

describe("a published page or post given a new address takes its menu and footer links with it", () => {
  it("points the menu's link to the About page at its new name, audited, and the footer's link to a renamed post", async () => {
    const navbarRoutes = async () => (await getStoreSettings(t.deps.db, t.deps.storeId)).navbar.pages.map((link) => link.route);
    const [about] = await t.deps.db.select({ id: pages.id }).from(pages).where(and(eq(pages.storeId, t.deps.storeId), eq(pages.name, "about")));
    const page = contentInputOf("page", await getContent("page", t.deps.db, t.deps.storeId, about.id));
    expect(await navbarRoutes()).toContain("/pages/about");

    // Before, the menu kept /pages/about, which led to a 404 once the page was at /pages/our-story.
    expect(await call("PUT", `/api/admin/pages/${about.id}`, { ...page, name: "our-story" })).toMatchObject({ status: 200 });
    expect(await navbarRoutes()).toContain("/pages/our-story");
    expect(await navbarRoutes()).not.toContain("/pages/about");
    expect(await shopPaths()).toContain("/pages/our-story");
    expect(await lastAudit("store_settings")).toMatchObject({ action: "navigation.links_moved" });

    // A change that keeps the address writes no settings.
    const audits = await auditCount();
    expect(await call("PUT", `/api/admin/pages/${about.id}`, { ...page, name: "our-story", title: "Our story" })).toMatchObject({ status: 200 });
    expect(await auditCount()).toBe(audits + 1);

    const [post] = await t.deps.db.select({ id: blogPosts.id }).from(blogPosts).where(and(eq(blogPosts.storeId, t.deps.storeId), eq(blogPosts.slug, "brewing-better-coffee-at-home")));
    const postInput = contentInputOf("post", await getContent("post", t.deps.db, t.deps.storeId, post.id));
    await call("PUT", `/api/admin/posts/${post.id}`, { ...postInput, status: "published", links: "keep" });
    expect(await footerRoutes()).toContain("/blog/brewing-better-coffee-at-home");
    expect(await call("PUT", `/api/admin/posts/${post.id}`, { ...postInput, status: "published", blog_id: "better-coffee-at-home" })).toMatchObject({ status: 200 });
    expect(await footerRoutes()).toContain("/blog/better-coffee-at-home");
    expect(await footerRoutes()).not.toContain("/blog/brewing-better-coffee-at-home");
  });
});
