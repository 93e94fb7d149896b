/**
 * The review moderation screen's server side: the list the address asks for, and the form's one action. Its writes
 * are the server/reviews functions the admin API calls; the publishing setting goes through the store settings' one
 * write path (server/store/settings.ts).
 */
import { redirect, type AppLoadContext } from "react-router";
import { reviewListQuerySchema, reviewResponseSchema } from "@core/schemas/admin-reviews";
import { INBOX_NOTICES, listBack, REVIEW_FILTERS, REVIEWS_PATH } from "~/components/admin/inbox-notices";
import { listReviews, respondToReview, reviewedProducts, reviewFilterOf, setReviewHidden } from "../../server/reviews/reviews";
import { changeStoreSettings, getStoreSettings } from "../../server/store/settings";
import { formFailure, formValues, HttpError, readList, requireStaffPage } from "./admin.server";

export { noticedListScreen } from "./admin.server";

type ErrorBody = { error: string; field?: string };

/** The list the address asks for, the product filter's choices and the publishing setting. */
export async function readReviewList(context: AppLoadContext, url: URL) {
  const [productChoices, settings] = await Promise.all([reviewedProducts(context.db, context.storeId), getStoreSettings(context.db, context.storeId)]);
  const { asked, page, errors } = await readList(url, REVIEW_FILTERS, reviewListQuerySchema, (query) => listReviews(context.db, context.storeId, reviewFilterOf(query)));
  const common = { asked, productChoices, holdForApproval: settings.reviews.holdForApproval };
  if (!page) return { ...common, reviews: [], nextCursor: null, errors, status: 400 };
  return { ...common, reviews: page.reviews, nextCursor: page.nextCursor, errors: errors as ErrorBody[], status: 200 };
}

/**
 * Respond, hide, show (publish) one review, or change the publishing setting; back to the list as it was filtered
 * (`back`, a path on this screen only). A refusal answers with the review it was about and its words.
 */
export async function reviewAction(context: AppLoadContext, request: Request) {
  const { actor } = await requireStaffPage(context, request, "reviews");
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const values = formValues(form, ["id", "response", "back", "hold_for_approval"]);
  const back = listBack(values.back, REVIEWS_PATH, new URL(request.url).origin);
  const id = Number(values.id);
  try {
    if (intent === "hold") {
      const holdForApproval = values.hold_for_approval === "on";
      await changeStoreSettings(context.db, actor, { reviews: { holdForApproval } }, "store_settings.reviews");
      return redirect(INBOX_NOTICES.onto(back, "reviews-setting"));
    }
    if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(400, "Unknown review");
    if (intent === "respond") {
      const { response } = reviewResponseSchema.parse({ response: values.response });
      await respondToReview(context.db, context.storeId, id, response, actor);
      return redirect(INBOX_NOTICES.onto(back, "review-answered"));
    }
    if (intent === "hide" || intent === "show") {
      await setReviewHidden(context.db, context.storeId, id, intent === "hide", actor);
      return redirect(INBOX_NOTICES.onto(back, intent === "hide" ? "review-hidden" : "review-shown"));
    }
    throw new HttpError(400, "Unknown action");
  } catch (error) {
    const failure = formFailure(error, values, "That did not work; please try again in a moment");
    return { ...failure, intent, id };
  }
}
