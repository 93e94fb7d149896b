/**
 * Blog posts and static pages (permission `content`): list, one by id, create, change, upload a picture, delete.
 * Each write is the server/content/content-editor.ts function the admin screens call, with the staff actor for the
 * audit trail. A change (PUT) replaces the whole post or page with the one sent: read it, change it, send it back;
 * publishing and unpublishing are a change of `status`. Drafts are seen by staff alone, at the `path` they will have.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { z } from "zod";
import {
  blogPostAnswerSchema,
  blogPostInputSchema,
  blogPostListSchema,
  contentIdParamsSchema,
  contentPictureUploadSchema,
  staticPageAnswerSchema,
  staticPageInputSchema,
  staticPageListSchema,
} from "../../core/schemas/admin-content";
import type { ContentKind } from "../../core/content-admin";
import {
  blogPostPath,
  createContent,
  deleteContent,
  getContent,
  listContent,
  PAGE_NOT_FOUND,
  POST_NOT_FOUND,
  staticPagePath,
  updateContent,
  uploadContentPicture,
  type BlogPostSummary,
  type ContentInputOf,
  type ContentSection,
  type ContentSummaryOf,
  type StaticPageSummary,
} from "../content/content-editor";
import type { AppEnv } from "../context";
import { LINKED_REMOVAL, LINKS_LEAD_HERE, iso, onePictureOf, pictureRefusals, resourceOperations } from "./admin-operation";
import { BAD_INPUT, bodyOf, formBody, json, jsonBody, numberParam, queryOf, register } from "./operation";

const ADDRESS_TAKEN = "Another one has this address (field blog_id or name)";
const idOf = numberParam(contentIdParamsSchema, "id");

type PostSummaryAnswer = z.infer<typeof blogPostListSchema>["posts"][number];
type PageSummaryAnswer = z.infer<typeof staticPageListSchema>["pages"][number];

const postSummary = (post: BlogPostSummary): PostSummaryAnswer => ({
  id: post.id,
  blog_id: post.blogId,
  title: post.title,
  author: post.author,
  status: post.status,
  image_url: post.imageUrl,
  path: blogPostPath(post.blogId),
  published_at: iso(post.publishedAt),
  updated_at: iso(post.updatedAt),
});

const pageSummary = (page: StaticPageSummary): PageSummaryAnswer => ({
  id: page.id,
  name: page.name,
  title: page.title,
  status: page.status,
  image_url: page.imageUrl,
  path: staticPagePath(page.name),
  updated_at: iso(page.updatedAt),
});

/** What the API says differently of posts and pages: their paths, names, schemas, answers and operations' words. */
type KindApi<K extends ContentKind> = {
  path: "/posts" | "/pages";
  /** The answers' key for one and for the list. */
  one: K;
  many: `${K}s`;
  notFound: string;
  input: z.ZodType<ContentInputOf<K>>;
  answer: z.ZodType;
  list: z.ZodType;
  summary: (record: ContentSummaryOf<K>) => PostSummaryAnswer | PageSummaryAnswer;
  summaries: { list: string; create: string; update: string; upload: string; uploadDescription: string; delete: string };
};

const POSTS: KindApi<"post"> = {
  path: "/posts",
  one: "post",
  many: "posts",
  notFound: POST_NOT_FOUND,
  input: blogPostInputSchema,
  answer: blogPostAnswerSchema,
  list: blogPostListSchema,
  summary: postSummary,
  summaries: {
    list: "The blog's posts, drafts too, newest first",
    create: "Write a blog post: address, title, author, sections of plain text, draft (the default) or published",
    update: "Replace a post with the one sent; status publishes or unpublishes it (the blog's date is its first publication); links that unpublishing leaves leading nowhere go or stay as `links` says",
    upload: "Upload the post's picture (JPEG, PNG, WebP, AVIF; 20 MB), replacing the one before",
    uploadDescription: "A multipart form with one `file`, read by its content, stored without EXIF. To remove the picture, PUT the post with image_url null.",
    delete: "Delete a post and its picture; links to it go or stay as `links` says",
  },
};

const PAGES: KindApi<"page"> = {
  path: "/pages",
  one: "page",
  many: "pages",
  notFound: PAGE_NOT_FOUND,
  input: staticPageInputSchema,
  answer: staticPageAnswerSchema,
  list: staticPageListSchema,
  summary: pageSummary,
  summaries: {
    list: "The static pages, drafts too, by address",
    create: "Write a static page: its name (/pages/{name}, /data/{name}.json), title, sections of plain text, draft or published",
    update: "Replace a page with the one sent; status publishes or unpublishes it; links that unpublishing leaves leading nowhere go or stay as `links` says",
    upload: "Upload the page's picture (JPEG, PNG, WebP, AVIF; 20 MB), shown beside its text, replacing the one before",
    uploadDescription: "A multipart form with one `file`. To remove the picture, PUT the page with image_url null.",
    delete: "Delete a page and its picture; its address answers 404 at once; links to it go or stay as `links` says",
  },
};

/** A kind's six operations: list, create, read, change, upload a picture, delete. */
function registerKind<K extends ContentKind>(routes: OpenAPIHono<AppEnv>, kind: K, api: KindApi<K>) {
  const { path, one, notFound, summaries } = api;
  const all = resourceOperations("content", { path, answer: json(api.list, `Every ${one}`) });
  const oneRecord = resourceOperations("content", { path: `${path}/{id}`, params: contentIdParamsSchema, notFound, answer: json(api.answer, `The ${one}`) });
  const body = (record: ContentSummaryOf<K> & { sections: ContentSection[] }) => ({ [one]: { ...api.summary(record), sections: record.sections } });

  const list = all.get({ summary: summaries.list });
  const create = all.post({ summary: summaries.create, body: jsonBody(api.input), answers: { 201: json(api.answer, `The ${one}`) }, refusals: { 409: ADDRESS_TAKEN } });
  const read = oneRecord.get({ summary: `A ${one} with its sections` });
  const update = oneRecord.put({
    summary: summaries.update,
    body: jsonBody(api.input),
    refusals: { 409: `${ADDRESS_TAKEN}; or, when it unpublishes, ${LINKS_LEAD_HERE}` },
  });
  const upload = oneRecord.post({
    path: "/picture",
    summary: summaries.upload,
    description: summaries.uploadDescription,
    body: formBody(contentPictureUploadSchema),
    answers: { 201: json(api.answer, `The ${one} with its picture`), ...pictureRefusals() },
    refusals: { 400: `${BAD_INPUT}; or no picture sent` },
  });
  const remove = oneRecord.delete({ summary: summaries.delete, ...LINKED_REMOVAL });

  register(routes, list, async (c) => c.json({ [api.many]: (await listContent(kind, c.var.deps.db, c.var.deps.storeId)).map(api.summary) }));
  register(routes, create, async (c) => {
    const input = await bodyOf(c, create);
    return c.json(body(await createContent(kind, c.var.deps.db, c.var.staffActor, input)), 201);
  });
  register(routes, read, async (c) => c.json(body(await getContent(kind, c.var.deps.db, c.var.deps.storeId, idOf(c)))));
  register(routes, update, async (c) => {
    const id = idOf(c);
    const input = await bodyOf(c, update);
    return c.json(body(await updateContent(kind, c.var.deps.db, c.var.staffActor, id, input)));
  });
  register(routes, upload, async (c) => {
    const id = idOf(c);
    return c.json(body(await uploadContentPicture(kind, c.var.deps, c.var.staffActor, id, (await onePictureOf(c, "picture")).picture)), 201);
  });
  register(routes, remove, async (c) => {
    await deleteContent(kind, c.var.deps, c.var.staffActor, idOf(c), queryOf(c, remove).links);
    return c.json({ success: true as const });
  });
}

export function adminContentRoutes() {
  const routes = new OpenAPIHono<AppEnv>();
  registerKind(routes, "post", POSTS);
  registerKind(routes, "page", PAGES);
  return routes;
}
