/**
 * The blog post and page screens' server side (list, new, edit): the loaders' reads and the form's one action, which
 * applies the button's step to the posted form and saves it (with its picture, if one came) through the editor the
 * admin API calls (server/content/content-editor.ts).
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { ADMIN_PAGE_HEADERS } from "~/components/admin/admin-page";
import { CONTENT_KINDS, CONTENT_NOTICES, draftOfContent, type ContentDraft, type ContentNotice } from "~/components/admin/content-draft";
import type { ErrorBody } from "~/lib/form-error";
import type { PlacedLink } from "@core/navigation";
import type { ContentKind } from "@core/content-admin";
import {
  contentInputOf,
  createContent,
  deleteContent,
  getContent,
  listContent,
  updateContent,
  uploadContentPicture,
  type ContentRecordOf,
} from "../../server/content/content-editor";
import { ADDRESS_FIELDS, applyContentStep, contentInputOfDraft, readContentForm } from "./admin.content.form.server";
import { formFailure, linksChoiceOf, linksLeadHereAnswer, requireStaffPage } from "./admin.server";
import { isRefusal } from "@core/errors";
import { LinksLeadHere } from "../../server/catalog/navigation";

export { requireStaffPage } from "./admin.server";

const notFound = () => data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });

export function contentIdOf(params: { id?: string }): number {
  if (!/^[1-9]\d{0,8}$/.test(params.id ?? "")) throw notFound();
  return Number(params.id);
}

/** The stored post or page, or the admin's 404 page. */
export async function contentRecordOf<K extends ContentKind>(context: AppLoadContext, kind: K, id: number): Promise<ContentRecordOf<K>> {
  try {
    return await getContent(kind, context.db, context.storeId, id);
  } catch (error) {
    if (isRefusal(error, "not-found")) throw notFound();
    throw error;
  }
}

/** The list screen's rows: every post or page, drafts too. */
export async function listedContentOf(context: AppLoadContext, kind: ContentKind) {
  const records = await listContent(kind, context.db, context.storeId);
  return records.map((record) => ({
    id: record.id,
    title: record.title,
    address: "blogId" in record ? record.blogId : record.name,
    status: record.status,
    ...("author" in record ? { author: record.author } : {}),
    updatedAt: record.updatedAt.toISOString(),
  }));
}

const uploadedFile = (form: FormData) => {
  const file = form.get("file");
  return typeof file !== "string" && file && file.size > 0 ? file : null;
};

/** The form drawn again from `draft`: with its problems, or with the links its unpublishing asks about (LinksStep). */
const formAnswer = (draft: ContentDraft, errors: ErrorBody[], status: number, asking?: PlacedLink[]) =>
  data({ draft, errors, asking }, { status, headers: ADMIN_PAGE_HEADERS });

export async function contentFormAction(context: AppLoadContext, request: Request, kind: ContentKind, id: number | null) {
  const { actor } = await requireStaffPage(context, request, "content");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const { admin } = CONTENT_KINDS[kind];
  const done = (savedId: number, notice: ContentNotice) => redirect(CONTENT_NOTICES.onto(`${admin}/${savedId}`, notice));
  if (id !== null && intent === "delete") {
    await contentRecordOf(context, kind, id);
    try {
      await deleteContent(kind, context, actor, id, linksChoiceOf(form));
    } catch (error) {
      return linksLeadHereAnswer(error);
    }
    return redirect(CONTENT_NOTICES.onto(admin, "content-deleted"));
  }
  if (id !== null && (intent === "publish" || intent === "unpublish")) {
    const status = intent === "publish" ? "published" : "draft";
    const record = await contentRecordOf(context, kind, id);
    try {
      await updateContent(kind, context.db, actor, id, { ...contentInputOf(kind, record), status });
    } catch (error) {
      // The form drawn as saved but for its status, with the links' step, whose answer saves it so.
      if (error instanceof LinksLeadHere) return formAnswer(draftOfContent({ ...record, status }), [], 409, error.links);
      throw error;
    }
    return done(id, intent === "publish" ? "content-published" : "content-unpublished");
  }
  const draft = applyContentStep(readContentForm(form), intent);
  if (intent !== "save") return formAnswer(draft, [], 200);
  const file = uploadedFile(form);
  try {
    const input = { ...contentInputOfDraft(kind, draft), links: linksChoiceOf(form) };
    const savedId = (id === null ? await createContent(kind, context.db, actor, input) : await updateContent(kind, context.db, actor, id, input)).id;
    // Links are answered only by a save that unpublishes it (removingWithLinks asks nothing else).
    const saved = draft.status === "published" ? "content-published" : input.links ? "content-unpublished" : "content-saved";
    if (!file) return done(savedId, saved);
    try {
      await uploadContentPicture(kind, context, actor, savedId, file);
    } catch (error) {
      // The text is saved (a new post has its address now): the picture alone is told as refused, on its edit page.
      if (id === null && isRefusal(error, "too-large", "unsupported-type")) return done(savedId, "content-picture-refused");
      throw error;
    }
    return done(savedId, saved);
  } catch (error) {
    if (isRefusal(error, "not-found")) throw notFound();
    if (error instanceof LinksLeadHere) return formAnswer(draft, [], 409, error.links);
    const failure = formFailure(error, {}, `The ${CONTENT_KINDS[kind].noun} could not be saved; please try again in a moment`);
    const errors = failure.errors.map((body) => (body.field && ADDRESS_FIELDS.has(body.field) ? { ...body, field: "address" } : body));
    return formAnswer(draft, errors, failure.status);
  }
}
