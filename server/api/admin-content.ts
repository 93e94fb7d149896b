/**
 * Blog posts and static pages (permission `content`): list, one by id, create, change, upload a picture, delete.
 * Each write is the server/content/content-editor.ts function the admin screens call, with the staff actor for the
 * audit trail. A change (PUT) replaces the whole post or page with the one sent: read it, change it, send it back;
 * publishing and unpublishing are a change of `status`. Drafts are seen by staff alone, at the `path` they will have.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
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
import {
  blogPostPath,
  createPage,
  createPost,
  deletePage,
  deletePost,
  getPageRecord,
  getPostRecord,
  listPageRecords,
  listPostRecords,
  PAGE_NOT_FOUND,
  POST_NOT_FOUND,
  staticPagePath,
  updatePage,
  updatePost,
  uploadPagePicture,
  uploadPostPicture,
  type BlogPostSummary,
  type ContentSection,
  type StaticPageSummary,
} from "../content/content-editor";
import type { AppEnv } from "../context";
import { errorBodySchema, HttpError, parseWith } from "../http/errors";
import { readUploadForm } from "../images/picture-intake";
import { adminOperation, iso } from "./admin-operation";
import { BAD_INPUT, bodyOf, errors, json, jsonBody, register, successSchema } from "./operation";

const ADDRESS_TAKEN = "Another one has this address (field blog_id or name)";
const params = { params: contentIdParamsSchema };
const pictureBody = { required: true, content: { "multipart/form-data": { schema: contentPictureUploadSchema } } } as const;
const pictureRefusals = {
  413: json(errorBodySchema, "A picture over 20 MB"),
  415: json(errorBodySchema, "Pictures must be JPEG, PNG, WebP or AVIF"),
};

const listPostsOperation = adminOperation("content", {
  method: "get",
  path: "/posts",
  tags: ["admin"],
  summary: "The blog's posts, drafts too, newest first",
  responses: { 200: json(blogPostListSchema, "Every post") },
});

const createPostOperation = adminOperation("content", {
  method: "post",
  path: "/posts",
  tags: ["admin"],
  summary: "Write a blog post: address, title, author, sections of plain text, draft (the default) or published",
  request: { body: jsonBody(blogPostInputSchema) },
  responses: { 201: json(blogPostAnswerSchema, "The post"), ...errors({ 400: BAD_INPUT, 409: ADDRESS_TAKEN }) },
});

const readPostOperation = adminOperation("content", {
  method: "get",
  path: "/posts/{id}",
  tags: ["admin"],
  summary: "A post with its sections",
  request: params,
  responses: { 200: json(blogPostAnswerSchema, "The post"), ...errors({ 400: BAD_INPUT, 404: POST_NOT_FOUND }) },
});

const updatePostOperation = adminOperation("content", {
  method: "put",
  path: "/posts/{id}",
  tags: ["admin"],
  summary: "Replace a post with the one sent; status publishes or unpublishes it (the blog's date is its first publication)",
  request: { ...params, body: jsonBody(blogPostInputSchema) },
  responses: { 200: json(blogPostAnswerSchema, "The post"), ...errors({ 400: BAD_INPUT, 404: POST_NOT_FOUND, 409: ADDRESS_TAKEN }) },
});

const uploadPostPictureOperation = adminOperation("content", {
  method: "post",
  path: "/posts/{id}/picture",
  tags: ["admin"],
  summary: "Upload the post's picture (JPEG, PNG, WebP, AVIF; 20 MB), replacing the one before",
  description: "A multipart form with one `file`, read by its content, stored without EXIF. To remove the picture, PUT the post with image_url null.",
  request: { ...params, body: pictureBody },
  responses: { 201: json(blogPostAnswerSchema, "The post with its picture"), ...errors({ 400: `${BAD_INPUT}; or no picture sent`, 404: POST_NOT_FOUND }), ...pictureRefusals },
});

const deletePostOperation = adminOperation("content", {
  method: "delete",
  path: "/posts/{id}",
  tags: ["admin"],
  summary: "Delete a post and its picture",
  request: params,
  responses: { 200: json(successSchema, "Deleted"), ...errors({ 400: BAD_INPUT, 404: POST_NOT_FOUND }) },
});

const listPagesOperation = adminOperation("content", {
  method: "get",
  path: "/pages",
  tags: ["admin"],
  summary: "The static pages, drafts too, by address",
  responses: { 200: json(staticPageListSchema, "Every page") },
});

const createPageOperation = adminOperation("content", {
  method: "post",
  path: "/pages",
  tags: ["admin"],
  summary: "Write a static page: its name (/pages/{name}, /data/{name}.json), title, sections of plain text, draft or published",
  request: { body: jsonBody(staticPageInputSchema) },
  responses: { 201: json(staticPageAnswerSchema, "The page"), ...errors({ 400: BAD_INPUT, 409: ADDRESS_TAKEN }) },
});

const readPageOperation = adminOperation("content", {
  method: "get",
  path: "/pages/{id}",
  tags: ["admin"],
  summary: "A page with its sections",
  request: params,
  responses: { 200: json(staticPageAnswerSchema, "The page"), ...errors({ 400: BAD_INPUT, 404: PAGE_NOT_FOUND }) },
});

const updatePageOperation = adminOperation("content", {
  method: "put",
  path: "/pages/{id}",
  tags: ["admin"],
  summary: "Replace a page with the one sent; status publishes or unpublishes it",
  request: { ...params, body: jsonBody(staticPageInputSchema) },
  responses: { 200: json(staticPageAnswerSchema, "The page"), ...errors({ 400: BAD_INPUT, 404: PAGE_NOT_FOUND, 409: ADDRESS_TAKEN }) },
});

const uploadPagePictureOperation = adminOperation("content", {
  method: "post",
  path: "/pages/{id}/picture",
  tags: ["admin"],
  summary: "Upload the page's picture (JPEG, PNG, WebP, AVIF; 20 MB), shown beside its text, replacing the one before",
  description: "A multipart form with one `file`. To remove the picture, PUT the page with image_url null.",
  request: { ...params, body: pictureBody },
  responses: { 201: json(staticPageAnswerSchema, "The page with its picture"), ...errors({ 400: `${BAD_INPUT}; or no picture sent`, 404: PAGE_NOT_FOUND }), ...pictureRefusals },
});

const deletePageOperation = adminOperation("content", {
  method: "delete",
  path: "/pages/{id}",
  tags: ["admin"],
  summary: "Delete a page and its picture; its address answers 404 at once",
  request: params,
  responses: { 200: json(successSchema, "Deleted"), ...errors({ 400: BAD_INPUT, 404: PAGE_NOT_FOUND }) },
});

const idOf = (c: Context<AppEnv>) => Number(parseWith(contentIdParamsSchema, { id: c.req.param("id") }).id);

/** The one picture of an upload form. */
async function uploadedPicture(c: Context<AppEnv>): Promise<File> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new HttpError(400, "Send the picture as a multipart form");
  }
  const { files } = readUploadForm(form);
  if (files.length > 1) throw new HttpError(400, "Send one picture", "file");
  return files[0];
}

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

const postBody = (post: BlogPostSummary & { sections: ContentSection[] }) => ({ post: { ...postSummary(post), sections: post.sections } });
const pageBody = (page: StaticPageSummary & { sections: ContentSection[] }) => ({ page: { ...pageSummary(page), sections: page.sections } });

export function adminContentRoutes() {
  const routes = new OpenAPIHono<AppEnv>();

  register(routes, listPostsOperation, async (c) => c.json({ posts: (await listPostRecords(c.var.deps.db, c.var.storeId)).map(postSummary) }));
  register(routes, createPostOperation, async (c) => {
    const input = await bodyOf(c, createPostOperation);
    return c.json(postBody(await createPost(c.var.deps.db, c.var.staffActor, input)), 201);
  });
  register(routes, readPostOperation, async (c) => c.json(postBody(await getPostRecord(c.var.deps.db, c.var.storeId, idOf(c)))));
  register(routes, updatePostOperation, async (c) => {
    const id = idOf(c);
    const input = await bodyOf(c, updatePostOperation);
    return c.json(postBody(await updatePost(c.var.deps.db, c.var.staffActor, id, input)));
  });
  register(routes, uploadPostPictureOperation, async (c) => {
    const id = idOf(c);
    return c.json(postBody(await uploadPostPicture(c.var.deps, c.var.staffActor, id, await uploadedPicture(c))), 201);
  });
  register(routes, deletePostOperation, async (c) => {
    await deletePost(c.var.deps, c.var.staffActor, idOf(c));
    return c.json({ success: true as const });
  });

  register(routes, listPagesOperation, async (c) => c.json({ pages: (await listPageRecords(c.var.deps.db, c.var.storeId)).map(pageSummary) }));
  register(routes, createPageOperation, async (c) => {
    const input = await bodyOf(c, createPageOperation);
    return c.json(pageBody(await createPage(c.var.deps.db, c.var.staffActor, input)), 201);
  });
  register(routes, readPageOperation, async (c) => c.json(pageBody(await getPageRecord(c.var.deps.db, c.var.storeId, idOf(c)))));
  register(routes, updatePageOperation, async (c) => {
    const id = idOf(c);
    const input = await bodyOf(c, updatePageOperation);
    return c.json(pageBody(await updatePage(c.var.deps.db, c.var.staffActor, id, input)));
  });
  register(routes, uploadPagePictureOperation, async (c) => {
    const id = idOf(c);
    return c.json(pageBody(await uploadPagePicture(c.var.deps, c.var.staffActor, id, await uploadedPicture(c))), 201);
  });
  register(routes, deletePageOperation, async (c) => {
    await deletePage(c.var.deps, c.var.staffActor, idOf(c));
    return c.json({ success: true as const });
  });

  return routes;
}
