/**
 * The blog post and page screens' server side (list, new, edit): the loaders' reads and the form's one action, which
 * applies the button's step to the posted form and saves it (with its picture, if one came) through the editor the
 * admin API calls (server/content/content-editor.ts).
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { ADMIN_PAGE_HEADERS } from "~/components/admin/admin-page";
import { CONTENT_PATHS, withContentNotice, type ContentKind, type ContentNotice } from "~/components/admin/content-draft";
import {
  createPage,
  createPost,
  deletePage,
  deletePost,
  getPageRecord,
  getPostRecord,
  pageInputOf,
  postInputOf,
  updatePage,
  updatePost,
  uploadPagePicture,
  uploadPostPicture,
  type BlogPostRecord,
  type StaticPageRecord,
} from "../../server/content/content-editor";
import { ADDRESS_FIELDS, applyContentStep, pageInputOfDraft, postInputOfDraft, readContentForm } from "./admin.content.form.server";
import { formFailure, HttpError, requireStaffPage } from "./admin.server";

export { getPageRecord, getPostRecord, listPageRecords, listPostRecords } from "../../server/content/content-editor";
export { requireStaffPage } from "./admin.server";

const notFound = () => data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });

export function contentIdOf(params: { id?: string }): number {
  if (!/^[1-9]\d{0,8}$/.test(params.id ?? "")) throw notFound();
  return Number(params.id);
}

/** The stored post or page, or the admin's 404 page. */
export async function contentRecordOf(context: AppLoadContext, kind: "post", id: number): Promise<BlogPostRecord>;
export async function contentRecordOf(context: AppLoadContext, kind: "page", id: number): Promise<StaticPageRecord>;
export async function contentRecordOf(context: AppLoadContext, kind: ContentKind, id: number): Promise<BlogPostRecord | StaticPageRecord>;
export async function contentRecordOf(context: AppLoadContext, kind: ContentKind, id: number) {
  try {
    return kind === "post" ? await getPostRecord(context.db, context.storeId, id) : await getPageRecord(context.db, context.storeId, id);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw notFound();
    throw error;
  }
}

const uploadedFile = (form: FormData) => {
  const file = form.get("file");
  return typeof file !== "string" && file && file.size > 0 ? file : null;
};

export async function contentFormAction(context: AppLoadContext, request: Request, kind: ContentKind, id: number | null) {
  const { actor } = await requireStaffPage(context, request, "content");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const { admin } = CONTENT_PATHS[kind];
  const done = (savedId: number, notice: ContentNotice) => redirect(withContentNotice(`${admin}/${savedId}`, notice));
  if (id !== null && intent === "delete") {
    await contentRecordOf(context, kind, id);
    await (kind === "post" ? deletePost(context, actor, id) : deletePage(context, actor, id));
    return redirect(withContentNotice(admin, "content-deleted"));
  }
  if (id !== null && (intent === "publish" || intent === "unpublish")) {
    const status = intent === "publish" ? "published" : "draft";
    const record = await contentRecordOf(context, kind, id);
    if ("blogId" in record) await updatePost(context.db, actor, id, { ...postInputOf(record), status });
    else await updatePage(context.db, actor, id, { ...pageInputOf(record), status });
    return done(id, intent === "publish" ? "content-published" : "content-unpublished");
  }
  const draft = applyContentStep(readContentForm(form), intent);
  if (intent !== "save") return data({ draft, errors: [] }, { headers: ADMIN_PAGE_HEADERS });
  const file = uploadedFile(form);
  try {
    const savedId =
      kind === "post"
        ? (id === null ? await createPost(context.db, actor, postInputOfDraft(draft)) : await updatePost(context.db, actor, id, postInputOfDraft(draft))).id
        : (id === null ? await createPage(context.db, actor, pageInputOfDraft(draft)) : await updatePage(context.db, actor, id, pageInputOfDraft(draft))).id;
    const saved = draft.status === "published" ? "content-published" : "content-saved";
    if (!file) return done(savedId, saved);
    try {
      await (kind === "post" ? uploadPostPicture(context, actor, savedId, file) : uploadPagePicture(context, actor, savedId, file));
    } catch (error) {
      // The text is saved (a new post has its address now): the picture alone is told as refused, on its edit page.
      if (id === null && error instanceof HttpError && (error.status === 413 || error.status === 415)) return done(savedId, "content-picture-refused");
      throw error;
    }
    return done(savedId, saved);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw notFound();
    const failure = formFailure(error, {}, `The ${CONTENT_PATHS[kind].noun} could not be saved; please try again in a moment`);
    const errors = failure.errors.map((body) => (body.field && ADDRESS_FIELDS.has(body.field) ? { ...body, field: "address" } : body));
    return data({ draft, errors }, { status: failure.status, headers: ADMIN_PAGE_HEADERS });
  }
}
