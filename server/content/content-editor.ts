/**
 * The back office's blog posts and static pages: create, change, give a picture, delete. Each write is one
 * transaction with its audit event; the tables' content_version triggers (migration 0009) move the version as it
 * commits, so the blog, the pages, /data/{name}.json, the sitemap and every cache follow at once. Only published posts
 * and pages reach shoppers (blog.ts, pages.ts, the sitemap); staff with the content permission preview drafts.
 */
import { and, asc, desc, eq, ne } from "drizzle-orm";
import type { ContentStatus } from "../../core/content-admin";
import type { BlogPostInput, ContentSectionInput, StaticPageInput } from "../../core/schemas/admin-content";
import { handleConflictOf } from "../catalog/bundle-editor";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { blogPosts, blogSections, pageSections, pages } from "../db/schema";
import { HttpError } from "../http/errors";
import { removeStoredPicture, storePicture } from "../images/picture-intake";
import { recordAudit, type AuditActor } from "../staff/audit";

export const POST_NOT_FOUND = "No blog post with this id in this store";
export const PAGE_NOT_FOUND = "No page with this id in this store";
const POST_ADDRESS_TAKEN = "Another post has this address";
const PAGE_ADDRESS_TAKEN = "Another page has this address";
const PICTURE_NOT_UPLOADED = "A picture is uploaded, not linked: keep the current one or remove it";

type PictureServices = Pick<AppDeps, "db" | "imageStorage">;

export type ContentSection = { subheading: string; content: string };

type ContentRecord = {
  id: number;
  title: string;
  status: ContentStatus;
  imageUrl: string | null;
  updatedAt: Date;
  sections: ContentSection[];
};
export type BlogPostRecord = ContentRecord & { blogId: string; author: string; publishedAt: Date };
export type StaticPageRecord = ContentRecord & { name: string };
export type BlogPostSummary = Omit<BlogPostRecord, "sections">;
export type StaticPageSummary = Omit<StaticPageRecord, "sections">;

export const blogPostPath = (blogId: string) => `/blog/${encodeURIComponent(blogId)}`;
export const staticPagePath = (name: string) => `/pages/${encodeURIComponent(name)}`;

// ---------------------------------------------------------------- reading

const postColumns = {
  id: blogPosts.id,
  blogId: blogPosts.slug,
  title: blogPosts.title,
  author: blogPosts.author,
  status: blogPosts.status,
  imageUrl: blogPosts.image,
  publishedAt: blogPosts.publishedAt,
  updatedAt: blogPosts.updatedAt,
};

const pageColumns = {
  id: pages.id,
  name: pages.name,
  title: pages.title,
  status: pages.status,
  imageUrl: pages.image,
  updatedAt: pages.updatedAt,
};

/** Every post, drafts too, newest first. */
export async function listPostRecords(db: Database, storeId: string): Promise<BlogPostSummary[]> {
  return db.select(postColumns).from(blogPosts).where(eq(blogPosts.storeId, storeId)).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
}

/** Every page, drafts too, by address. */
export async function listPageRecords(db: Database, storeId: string): Promise<StaticPageSummary[]> {
  return db.select(pageColumns).from(pages).where(eq(pages.storeId, storeId)).orderBy(asc(pages.name));
}

export async function getPostRecord(db: Database, storeId: string, id: number): Promise<BlogPostRecord> {
  const [post] = await db.select(postColumns).from(blogPosts).where(and(eq(blogPosts.storeId, storeId), eq(blogPosts.id, id)));
  if (!post) throw new HttpError(404, POST_NOT_FOUND);
  const sections = await db
    .select({ subheading: blogSections.heading, content: blogSections.content })
    .from(blogSections)
    .where(eq(blogSections.postId, id))
    .orderBy(asc(blogSections.position), asc(blogSections.id));
  return { ...post, sections: sections.map((section) => ({ subheading: section.subheading ?? "", content: section.content })) };
}

export async function getPageRecord(db: Database, storeId: string, id: number): Promise<StaticPageRecord> {
  const [page] = await db.select(pageColumns).from(pages).where(and(eq(pages.storeId, storeId), eq(pages.id, id)));
  if (!page) throw new HttpError(404, PAGE_NOT_FOUND);
  const sections = await db
    .select({ subheading: pageSections.subheading, content: pageSections.content })
    .from(pageSections)
    .where(eq(pageSections.pageId, id))
    .orderBy(asc(pageSections.position), asc(pageSections.id));
  return { ...page, sections: sections.map((section) => ({ subheading: section.subheading ?? "", content: section.content })) };
}

/** A post as the input that would save it unchanged: the start of a form, or of a change to part of it. */
export function postInputOf(post: BlogPostRecord): BlogPostInput {
  return { blog_id: post.blogId, title: post.title, author: post.author, status: post.status, image_url: post.imageUrl, sections: post.sections };
}

export function pageInputOf(page: StaticPageRecord): StaticPageInput {
  return { name: page.name, title: page.title, status: page.status, image_url: page.imageUrl, sections: page.sections };
}

// ---------------------------------------------------------------- writing

/** The picture a write may keep: the one stored, or none. A new one comes through an upload (uploadPostPicture...). */
function assertKeptPicture(current: string | null, sent: string | null): void {
  if (sent !== null && sent !== current) throw new HttpError(400, PICTURE_NOT_UPLOADED, "image_url");
}

const sectionRows = (sections: ContentSectionInput[]) =>
  sections.map((section, position) => ({ position, subheading: section.subheading || null, content: section.content }));

/** An address another write took between the check and the write answers as the check would, naming the field. */
const refuseTakenAddress = (constraint: string, message: string, field: string) => (error: unknown): never => {
  throw handleConflictOf(error, constraint, message) instanceof HttpError ? new HttpError(409, message, field) : error;
};

async function assertPostAddressFree(db: Database, storeId: string, blogId: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.storeId, storeId), eq(blogPosts.slug, blogId), exceptId === undefined ? undefined : ne(blogPosts.id, exceptId)));
  if (taken) throw new HttpError(409, POST_ADDRESS_TAKEN, "blog_id");
}

async function assertPageAddressFree(db: Database, storeId: string, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: pages.id })
    .from(pages)
    .where(and(eq(pages.storeId, storeId), eq(pages.name, name), exceptId === undefined ? undefined : ne(pages.id, exceptId)));
  if (taken) throw new HttpError(409, PAGE_ADDRESS_TAKEN, "name");
}

/** The audit's view of a record: its fields as the owner wrote them. */
const auditedPost = ({ blogId, title, author, status, imageUrl, sections }: BlogPostRecord) => ({ blog_id: blogId, title, author, status, image_url: imageUrl, sections });
const auditedPage = ({ name, title, status, imageUrl, sections }: StaticPageRecord) => ({ name, title, status, image_url: imageUrl, sections });

async function writePostSections(tx: Database, storeId: string, postId: number, sections: ContentSectionInput[]) {
  await tx.delete(blogSections).where(eq(blogSections.postId, postId));
  await tx.insert(blogSections).values(sectionRows(sections).map(({ subheading, ...row }) => ({ ...row, heading: subheading, storeId, postId })));
}

async function writePageSections(tx: Database, storeId: string, pageId: number, sections: ContentSectionInput[]) {
  await tx.delete(pageSections).where(eq(pageSections.pageId, pageId));
  await tx.insert(pageSections).values(sectionRows(sections).map((row) => ({ ...row, storeId, pageId })));
}

export async function createPost(db: Database, actor: AuditActor, input: BlogPostInput): Promise<BlogPostRecord> {
  assertKeptPicture(null, input.image_url);
  const { storeId } = actor;
  return db
    .transaction(async (tx) => {
      await assertPostAddressFree(tx, storeId, input.blog_id);
      const [row] = await tx
        .insert(blogPosts)
        .values({ storeId, slug: input.blog_id, title: input.title, author: input.author, status: input.status })
        .returning({ id: blogPosts.id });
      await writePostSections(tx, storeId, row.id, input.sections);
      const created = await getPostRecord(tx, storeId, row.id);
      await recordAudit(tx, actor, { action: "blog_post.create", entity: "blog_post", entityId: row.id, before: null, after: auditedPost(created) });
      return created;
    })
    .catch(refuseTakenAddress("blog_posts_store_slug_uq", POST_ADDRESS_TAKEN, "blog_id"));
}

/**
 * Replaces the post with the one sent (with `uploaded`, the picture storePicture just stored as its new one). The
 * blog's date is the day it is first published, not the day it was drafted.
 */
export async function updatePost(db: Database, actor: AuditActor, id: number, input: BlogPostInput, uploaded?: string): Promise<BlogPostRecord> {
  const { storeId } = actor;
  return db
    .transaction(async (tx) => {
      const before = await getPostRecord(tx, storeId, id);
      if (!uploaded) assertKeptPicture(before.imageUrl, input.image_url);
      await assertPostAddressFree(tx, storeId, input.blog_id, id);
      const now = new Date();
      await tx
        .update(blogPosts)
        .set({
          slug: input.blog_id,
          title: input.title,
          author: input.author,
          status: input.status,
          image: uploaded ?? input.image_url,
          updatedAt: now,
          ...(before.status === "draft" && input.status === "published" ? { publishedAt: now } : {}),
        })
        .where(and(eq(blogPosts.storeId, storeId), eq(blogPosts.id, id)));
      await writePostSections(tx, storeId, id, input.sections);
      const after = await getPostRecord(tx, storeId, id);
      await recordAudit(tx, actor, { action: "blog_post.update", entity: "blog_post", entityId: id, before: auditedPost(before), after: auditedPost(after) });
      return after;
    })
    .catch(refuseTakenAddress("blog_posts_store_slug_uq", POST_ADDRESS_TAKEN, "blog_id"));
}

export async function deletePost(services: PictureServices, actor: AuditActor, id: number): Promise<void> {
  const before = await services.db.transaction(async (tx) => {
    const found = await getPostRecord(tx, actor.storeId, id);
    await tx.delete(blogPosts).where(and(eq(blogPosts.storeId, actor.storeId), eq(blogPosts.id, id)));
    await recordAudit(tx, actor, { action: "blog_post.delete", entity: "blog_post", entityId: id, before: auditedPost(found), after: null });
    return found;
  });
  if (before.imageUrl) await removeStoredPicture(services.imageStorage, before.imageUrl);
}

export async function createPage(db: Database, actor: AuditActor, input: StaticPageInput): Promise<StaticPageRecord> {
  assertKeptPicture(null, input.image_url);
  const { storeId } = actor;
  return db
    .transaction(async (tx) => {
      await assertPageAddressFree(tx, storeId, input.name);
      const [row] = await tx.insert(pages).values({ storeId, name: input.name, title: input.title, status: input.status }).returning({ id: pages.id });
      await writePageSections(tx, storeId, row.id, input.sections);
      const created = await getPageRecord(tx, storeId, row.id);
      await recordAudit(tx, actor, { action: "page.create", entity: "page", entityId: row.id, before: null, after: auditedPage(created) });
      return created;
    })
    .catch(refuseTakenAddress("pages_store_name_uq", PAGE_ADDRESS_TAKEN, "name"));
}

/** Replaces the page with the one sent (with `uploaded`, as updatePost). */
export async function updatePage(db: Database, actor: AuditActor, id: number, input: StaticPageInput, uploaded?: string): Promise<StaticPageRecord> {
  const { storeId } = actor;
  return db
    .transaction(async (tx) => {
      const before = await getPageRecord(tx, storeId, id);
      if (!uploaded) assertKeptPicture(before.imageUrl, input.image_url);
      await assertPageAddressFree(tx, storeId, input.name, id);
      await tx
        .update(pages)
        .set({ name: input.name, title: input.title, status: input.status, image: uploaded ?? input.image_url, updatedAt: new Date() })
        .where(and(eq(pages.storeId, storeId), eq(pages.id, id)));
      await writePageSections(tx, storeId, id, input.sections);
      const after = await getPageRecord(tx, storeId, id);
      await recordAudit(tx, actor, { action: "page.update", entity: "page", entityId: id, before: auditedPage(before), after: auditedPage(after) });
      return after;
    })
    .catch(refuseTakenAddress("pages_store_name_uq", PAGE_ADDRESS_TAKEN, "name"));
}

export async function deletePage(services: PictureServices, actor: AuditActor, id: number): Promise<void> {
  const before = await services.db.transaction(async (tx) => {
    const found = await getPageRecord(tx, actor.storeId, id);
    await tx.delete(pages).where(and(eq(pages.storeId, actor.storeId), eq(pages.id, id)));
    await recordAudit(tx, actor, { action: "page.delete", entity: "page", entityId: id, before: auditedPage(found), after: null });
    return found;
  });
  if (before.imageUrl) await removeStoredPicture(services.imageStorage, before.imageUrl);
}

// ---------------------------------------------------------------- pictures

/**
 * Stores an uploaded picture (checked by its bytes, storePicture) and makes it the post's or page's through the same
 * audited write as any change; the picture it replaces is removed once that is saved, the new one if it is not.
 * Refusals name the field `file`.
 */
async function replacePicture<R extends { imageUrl: string | null }>(
  imageStorage: AppDeps["imageStorage"],
  folder: string,
  file: Blob,
  current: () => Promise<R>,
  save: (record: R, url: string) => Promise<R>,
): Promise<R> {
  const record = await current();
  let url: string | null = null;
  try {
    url = (await storePicture(imageStorage, Buffer.from(await file.arrayBuffer()), { folder })).url;
    const saved = await save(record, url);
    if (record.imageUrl) await removeStoredPicture(imageStorage, record.imageUrl);
    return saved;
  } catch (error) {
    if (url) await removeStoredPicture(imageStorage, url);
    if (error instanceof HttpError && (error.status === 413 || error.status === 415)) throw new HttpError(error.status, error.message, "file");
    throw error;
  }
}

export async function uploadPostPicture({ db, imageStorage }: PictureServices, actor: AuditActor, id: number, file: Blob): Promise<BlogPostRecord> {
  return replacePicture(
    imageStorage,
    "blog",
    file,
    () => getPostRecord(db, actor.storeId, id),
    (post, url) => updatePost(db, actor, id, postInputOf(post), url),
  );
}

export async function uploadPagePicture({ db, imageStorage }: PictureServices, actor: AuditActor, id: number, file: Blob): Promise<StaticPageRecord> {
  return replacePicture(
    imageStorage,
    "pages",
    file,
    () => getPageRecord(db, actor.storeId, id),
    (page, url) => updatePage(db, actor, id, pageInputOf(page), url),
  );
}
