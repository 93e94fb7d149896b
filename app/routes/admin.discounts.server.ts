/**
 * The discount screens' server side: the list's reads and the welcome offer's form, and the code form's one action
 * (new and edit), which saves with the editor the admin API calls (server/discounts/discount-editor.ts).
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { ADMIN_PAGE_HEADERS } from "~/components/admin/admin-page";
import { DISCOUNT_NOTICES, type DiscountDraft } from "~/components/admin/discount-draft";
import { changeDiscountStatus, createDiscount, setWelcomeOffer, updateDiscount } from "../../server/discounts/discount-editor";
import { discountInputOfDraft, formFieldOf, readDiscountForm, welcomeOfferInputOf } from "./admin.discounts.form.server";
import { formFailure, requireStaffPage } from "./admin.server";
import { isRefusal } from "@core/errors";

export { getDiscountRecord, getWelcomeOffer, listDiscounts } from "../../server/discounts/discount-editor";
export { foundOrNotFound, requireStaffPage } from "./admin.server";

export const DISCOUNTS_PATH = "/admin/discounts";

const notFound = () => data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });

export function discountIdOf(params: { id?: string }): number {
  if (!/^[1-9]\d{0,8}$/.test(params.id ?? "")) throw notFound();
  return Number(params.id);
}

type Problems = { error: string; field?: string }[];

const refused = (errors: Problems, status: number) => data({ errors }, { status, headers: ADMIN_PAGE_HEADERS });

/** A refused code form keeps what was typed (null after a refused pause, resume or end: nothing was typed). */
const refusedDraft = (errors: Problems, status: number, draft: DiscountDraft | null) =>
  data({ errors, draft }, { status, headers: ADMIN_PAGE_HEADERS });

/** The list's one form: the welcome popup's offer. */
export async function welcomeOfferAction(context: AppLoadContext, request: Request) {
  const { actor } = await requireStaffPage(context, request, "discounts");
  const form = await request.formData();
  const parsed = welcomeOfferInputOf(form);
  if (parsed.errors) return refused(parsed.errors, 400);
  await setWelcomeOffer(context.db, actor, parsed.input);
  return redirect(DISCOUNT_NOTICES.onto(DISCOUNTS_PATH, "welcome-saved"));
}

const STATUS_NOTICES = { pause: "discount-paused", resume: "discount-resumed", end: "discount-ended" } as const;

/** Save (new or edit), or pause, resume or end an existing code. */
export async function discountFormAction(context: AppLoadContext, request: Request, id: number | null) {
  const { actor } = await requireStaffPage(context, request, "discounts");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  try {
    if (id !== null && (intent === "pause" || intent === "resume" || intent === "end")) {
      await changeDiscountStatus(context.db, actor, id, intent);
      return redirect(DISCOUNT_NOTICES.onto(`${DISCOUNTS_PATH}/${id}`, STATUS_NOTICES[intent]));
    }
    const draft = readDiscountForm(form);
    const parsed = discountInputOfDraft(draft);
    if (parsed.errors) return refusedDraft(parsed.errors, 400, draft);
    const saved = id === null ? await createDiscount(context.db, actor, parsed.input) : await updateDiscount(context.db, actor, id, parsed.input);
    return redirect(DISCOUNT_NOTICES.onto(`${DISCOUNTS_PATH}/${saved.id}`, "discount-saved"));
  } catch (error) {
    if (isRefusal(error, "not-found")) throw notFound();
    const failure = formFailure(error, {}, "The discount could not be saved; please try again in a moment");
    const errors = failure.errors.map((problem) => ({ ...problem, field: formFieldOf(problem.field) }));
    return refusedDraft(errors, failure.status, intent === "save" ? readDiscountForm(form) : null);
  }
}
