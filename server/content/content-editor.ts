/**
 * The back office's blog posts and static pages: create, change, give a picture, delete. Each write is one
 * transaction with its audit event; the tables' content_version triggers (migration 0009) move the version as it
 * commits, so the blog, the pages, /data/{name}.json, the sitemap and every cache follow at once. Only published posts
 * and pages reach shoppers (blog.ts, pages.ts, the sitemap); staff with the content permission preview drafts.
 * Sections are HTML, cleaned as they are saved (decision 0076).
 */
import { and, asc, desc, eq } from "drizzle-orm";
import type { ContentKind, ContentStatus } from "../../core/content-admin";
import type { BlogPostInput, ContentSectionInput, StaticPageInput } from "../../core/schemas/admin-content";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { movingLinks, removingWithLinks, type LinksChoice } from "../catalog/navigation";
import { blogPosts, blogSections, pageSections, pages } from "../db/schema";
import { removeStoredPicture, storePicture, aboutTheFile } from "../images/picture-intake";
import { recordAudit, type AuditActor } from "../audit/audit";
import { badInput, conflict, notFound } from "../../core/errors";
import { assertFree, whenTaken } from "../db/unique-violation";
import { cleanDescriptionHtml } from "../catalog/description-html";
import { descriptionText } from "../catalog/description-text";

export const POST_NOT_FOUND = "No blog post with this id in this store";
export const PAGE_NOT_FOUND = "No page with this id in this store";
const POST_ADDRESS_TAKEN = "Another post has this address";
const PAGE_ADDRESS_TAKEN = "Another page has this address";
const SECTION_EMPTY = "Content is required";
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
type BlogPostRecord = ContentRecord & { blogId: string; author: string; publishedAt: Date };
type StaticPageRecord = ContentRecord & { name: string };
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
async function listPostRecords(db: Database, storeId: string): Promise<BlogPostSummary[]> {
  return db.select(postColumns).from(blogPosts).where(eq(blogPosts.storeId, storeId)).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
}

/** Every page, drafts too, by address. */
async function listPageRecords(db: Database, storeId: string): Promise<StaticPageSummary[]> {
  return db.select(pageColumns).from(pages).where(eq(pages.storeId, storeId)).orderBy(asc(pages.name));
}

async function getPostRecord(db: Database, storeId: string, id: number): Promise<BlogPostRecord> {
  const [post] = await db.select(postColumns).from(blogPosts).where(and(eq(blogPosts.storeId, storeId), eq(blogPosts.id, id)));
  if (!post) throw notFound(POST_NOT_FOUND);
  const sections = await db
    .select({ subheading: blogSections.heading, content: blogSections.content })
    .from(blogSections)
    .where(eq(blogSections.postId, id))
    .orderBy(asc(blogSections.position), asc(blogSections.id));
  return { ...post, sections: sections.map((section) => ({ subheading: section.subheading ?? "", content: section.content })) };
}

async function getPageRecord(db: Database, storeId: string, id: number): Promise<StaticPageRecord> {
  const [page] = await db.select(pageColumns).from(pages).where(and(eq(pages.storeId, storeId), eq(pages.id, id)));
  if (!page) throw notFound(PAGE_NOT_FOUND);
  const sections = await db
    .select({ subheading: pageSections.subheading, content: pageSections.content })
    .from(pageSections)
    .where(eq(pageSections.pageId, id))
    .orderBy(asc(pageSections.position), asc(pageSections.id));
  return { ...page, sections: sections.map((section) => ({ subheading: section.subheading ?? "", content: section.content })) };
}

function postInputOf(post: BlogPostRecord): BlogPostInput {
  return { blog_id: post.blogId, title: post.title, author: post.author, status: post.status, image_url: post.imageUrl, sections: post.sections };
}

function pageInputOf(page: StaticPageRecord): StaticPageInput {
  return { name: page.name, title: page.title, status: page.status, image_url: page.imageUrl, sections: page.sections };
}

// ---------------------------------------------------------------- writing

/** The picture a write may keep: the one stored, or none. A new one comes through an upload (uploadContentPicture). */
function assertKeptPicture(current: string | null, sent: string | null): void {
  if (sent !== null && sent !== current) throw badInput(PICTURE_NOT_UPLOADED, "image_url");
}

/**
 * The sections as they are kept: each one's HTML cleaned by the very rule product descriptions are (decision 0076), so
 * what the shop draws as HTML is only ever the kept markup. A section left without a word (an empty editor's `<p></p>`,
 * or nothing but a script) is refused as an empty one is.
 */
function keptSections(sections: ContentSectionInput[]): ContentSectionInput[] {
  return sections.map((section, index) => {
    const content = cleanDescriptionHtml(section.content);
    if (descriptionText(content) === "") throw badInput(SECTION_EMPTY, `sections.${index}.content`);
    return { ...section, content };
  });
}

const sectionRows = (sections: ContentSectionInput[]) =>
  sections.map((section, position) => ({ position, subheading: section.subheading || null, content: section.content }));

const postAddressTaken = () => conflict(POST_ADDRESS_TAKEN, "blog_id");
const pageAddressTaken = () => conflict(PAGE_ADDRESS_TAKEN, "name");

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

/**
 * What the two kinds store differently (their tables, the author and blog date a post has, the audit's name for them,
 * their pictures' folder); the writes below are the same for both.
 */
type KindStore<R extends ContentRecord, S, I> = {
  /** The audit's entity, and its actions' prefix. */
  entity: string;
  /** Where its pictures are stored. */
  folder: string;
  /** Its address on the shop. */
  path: (record: R) => string;
  list: (db: Database, storeId: string) => Promise<S[]>;
  read: (db: Database, storeId: string, id: number) => Promise<R>;
  inputOf: (record: R) => I;
  audited: (record: R) => Record<string, unknown>;
  assertAddressFree: (tx: Database, storeId: string, input: I, exceptId?: number) => Promise<void>;
  refuseTakenAddress: (error: unknown) => never;
  insert: (tx: Database, storeId: string, input: I) => Promise<number>;
  update: (tx: Database, storeId: string, before: R, input: I, image: string | null) => Promise<void>;
  remove: (tx: Database, storeId: string, id: number) => Promise<void>;
  writeSections: (tx: Database, storeId: string, id: number, sections: ContentSectionInput[]) => Promise<void>;
};

type ContentTypes = {
  post: { record: BlogPostRecord; summary: BlogPostSummary; input: BlogPostInput };
  page: { record: StaticPageRecord; summary: StaticPageSummary; input: StaticPageInput };
};
export type ContentRecordOf<K extends ContentKind> = ContentTypes[K]["record"];
export type ContentSummaryOf<K extends ContentKind> = ContentTypes[K]["summary"];
export type ContentInputOf<K extends ContentKind> = ContentTypes[K]["input"];

const STORES: { [K in ContentKind]: KindStore<ContentRecordOf<K>, ContentSummaryOf<K>, ContentInputOf<K>> } = {
  post: {
    entity: "blog_post",
    folder: "blog",
    path: (post) => blogPostPath(post.blogId),
    list: listPostRecords,
    read: getPostRecord,
    inputOf: postInputOf,
    audited: auditedPost,
    assertAddressFree: (tx, storeId, input, exceptId) => assertFree(tx, blogPosts, storeId, eq(blogPosts.slug, input.blog_id), exceptId, postAddressTaken),
    refuseTakenAddress: whenTaken("blog_posts_store_slug_uq", postAddressTaken),
    insert: async (tx, storeId, input) => {
      const [row] = await tx
        .insert(blogPosts)
        .values({ storeId, slug: input.blog_id, title: input.title, author: input.author, status: input.status })
        .returning({ id: blogPosts.id });
      return row.id;
    },
    // The blog's date is the day a post is first published, not the day it was drafted.
    update: async (tx, storeId, before, input, image) => {
      const now = new Date();
      await tx
        .update(blogPosts)
        .set({
          slug: input.blog_id,
          title: input.title,
          author: input.author,
          status: input.status,
          image,
          updatedAt: now,
          ...(before.status === "draft" && input.status === "published" ? { publishedAt: now } : {}),
        })
        .where(and(eq(blogPosts.storeId, storeId), eq(blogPosts.id, before.id)));
    },
    remove: async (tx, storeId, id) => {
      await tx.delete(blogPosts).where(and(eq(blogPosts.storeId, storeId), eq(blogPosts.id, id)));
    },
    writeSections: writePostSections,
  },
  page: {
    entity: "page",
    folder: "pages",
    path: (page) => staticPagePath(page.name),
    list: listPageRecords,
    read: getPageRecord,
    inputOf: pageInputOf,
    audited: auditedPage,
    assertAddressFree: (tx, storeId, input, exceptId) => assertFree(tx, pages, storeId, eq(pages.name, input.name), exceptId, pageAddressTaken),
    refuseTakenAddress: whenTaken("pages_store_name_uq", pageAddressTaken),
    insert: async (tx, storeId, input) => {
      const [row] = await tx.insert(pages).values({ storeId, name: input.name, title: input.title, status: input.status }).returning({ id: pages.id });
      return row.id;
    },
    update: async (tx, storeId, before, input, image) => {
      await tx.update(pages).set({ name: input.name, title: input.title, status: input.status, image, updatedAt: new Date() }).where(and(eq(pages.storeId, storeId), eq(pages.id, before.id)));
    },
    remove: async (tx, storeId, id) => {
      await tx.delete(pages).where(and(eq(pages.storeId, storeId), eq(pages.id, id)));
    },
    writeSections: writePageSections,
  },
};

/** Every post (newest first) or page (by address), drafts too. */
export const listContent = <K extends ContentKind>(kind: K, db: Database, storeId: string) => STORES[kind].list(db, storeId);

export const getContent = <K extends ContentKind>(kind: K, db: Database, storeId: string, id: number) => STORES[kind].read(db, storeId, id);

/** A post or page as the input that would save it unchanged: the start of a form, or of a change to part of it. */
export const contentInputOf = <K extends ContentKind>(kind: K, record: ContentRecordOf<K>) => STORES[kind].inputOf(record);

export async function createContent<K extends ContentKind>(kind: K, db: Database, actor: AuditActor, sent: ContentInputOf<K>): Promise<ContentRecordOf<K>> {
  const store = STORES[kind];
  assertKeptPicture(null, sent.image_url);
  const input = { ...sent, sections: keptSections(sent.sections) };
  const { storeId } = actor;
  return db
    .transaction(async (tx) => {
      await store.assertAddressFree(tx, storeId, input);
      const id = await store.insert(tx, storeId, input);
      await store.writeSections(tx, storeId, id, input.sections);
      const created = await store.read(tx, storeId, id);
      await recordAudit(tx, actor, { action: `${store.entity}.create`, entity: store.entity, entityId: id, before: null, after: store.audited(created) });
      return created;
    })
    .catch(store.refuseTakenAddress);
}

/**
 * Replaces the post or page with the one sent (with `uploaded`, the picture storePicture just stored as its new one).
 * Unpublishing it asks about the menu and footer links to it as a delete does (`input.links`, removingWithLinks).
 */
export async function updateContent<K extends ContentKind>(
  kind: K,
  db: Database,
  actor: AuditActor,
  id: number,
  sent: ContentInputOf<K>,
  uploaded?: string,
): Promise<ContentRecordOf<K>> {
  const store = STORES[kind];
  const { storeId } = actor;
  const input = { ...sent, sections: keptSections(sent.sections) };
  return db
    .transaction(async (tx) => {
      const before = await store.read(tx, storeId, id);
      if (!uploaded) assertKeptPicture(before.imageUrl, input.image_url);
      await store.assertAddressFree(tx, storeId, input, id);
      const write = async () => {
        await store.update(tx, storeId, before, input, uploaded ?? input.image_url);
        await store.writeSections(tx, storeId, id, input.sections);
      };
      if (before.status === "published" && input.status !== "published") await removingWithLinks(tx, actor, input.links, write);
      else await write();
      const after = await store.read(tx, storeId, id);
      // Published before and after under a new address: the menu and footer follow it.
      if (before.status === "published" && after.status === "published" && store.path(before) !== store.path(after)) {
        await movingLinks(tx, actor, store.path(before), store.path(after));
      }
      await recordAudit(tx, actor, { action: `${store.entity}.update`, entity: store.entity, entityId: id, before: store.audited(before), after: store.audited(after) });
      return after;
    })
    .catch(store.refuseTakenAddress);
}

/** Menu and footer links to the page or post go or stay as `links` says (removingWithLinks). */
export async function deleteContent<K extends ContentKind>(kind: K, services: PictureServices, actor: AuditActor, id: number, links?: LinksChoice): Promise<void> {
  const store = STORES[kind];
  const before = await services.db.transaction(async (tx) => {
    const found = await store.read(tx, actor.storeId, id);
    await removingWithLinks(tx, actor, links, () => store.remove(tx, actor.storeId, id));
    await recordAudit(tx, actor, { action: `${store.entity}.delete`, entity: store.entity, entityId: id, before: store.audited(found), after: null });
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
    throw aboutTheFile(error);
  }
}

export async function uploadContentPicture<K extends ContentKind>(
  kind: K,
  { db, imageStorage }: PictureServices,
  actor: AuditActor,
  id: number,
  file: Blob,
): Promise<ContentRecordOf<K>> {
  const store = STORES[kind];
  return replacePicture(
    imageStorage,
    store.folder,
    file,
    () => store.read(db, actor.storeId, id),
    (record, url) => updateContent(kind, db, actor, id, store.inputOf(record), url),
  );
}
