import { data, Form, Link, useLocation } from "react-router";
import { RESPONSE_MAX } from "@core/inbox-rules";
import { FormMessage, LabelledField, SelectField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { listAddress } from "~/components/admin/admin-list";
import { ListSearch, PagedList } from "~/components/admin/list-screen";
import { AdminErrorBoundary, ADMIN_PAGE_HEADERS, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { INBOX_NOTICES, REVIEW_FILTERS, REVIEW_STATUS_LABELS, REVIEWS_PATH } from "~/components/admin/inbox-notices";
import { When } from "~/components/admin/when";
import { placeErrors } from "~/lib/form-error";
import { noticedListScreen, readReviewList, reviewAction } from "./admin.reviews.server";
import type { Route } from "./+types/admin.reviews";

export const meta = () => adminMeta("Reviews");

const STATUS_OPTIONS = [
  { value: "", label: "Any" },
  { value: "new", label: "New (waiting for approval)" },
  { value: "published", label: "Published" },
  { value: "hidden", label: "Hidden" },
];
const RATING_OPTIONS = [{ value: "", label: "Any" }, ...[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n} of 5` }))];

export const loader = ({ request, context }: Route.LoaderArgs) => noticedListScreen(context, request, "reviews", readReviewList, INBOX_NOTICES);

export async function action({ request, context }: Route.ActionArgs) {
  const answer = await reviewAction(context, request);
  return answer instanceof Response ? answer : data(answer, { status: answer.status, headers: ADMIN_PAGE_HEADERS });
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { asked, reviews, nextCursor, errors, productChoices, holdForApproval, notice } = loaderData;
  const location = useLocation();
  // Back to the list as filtered, without the notice the last change left in the address.
  const kept = new URLSearchParams(location.search);
  kept.delete("notice");
  const back = listAddress(REVIEWS_PATH, Object.fromEntries(kept));
  const placed = placeErrors(errors, REVIEW_FILTERS);
  const refusal = placed.at.cursor ?? placed.form;
  const failureFor = (id: number) => (actionData && "id" in actionData && actionData.id === id ? placeErrors(actionData.errors, ["response"] as const) : null);
  const settingFailure = actionData && actionData.intent === "hold" ? placeErrors(actionData.errors, []).form : undefined;
  return (
    <AdminPage title="Reviews" intro={<p>What customers wrote about their products, newest first. Your response shows under the review on the product page.</p>}>
      {notice && !actionData ? <FormMessage tone="success">{notice}</FormMessage> : null}

      <AdminSection title="Publishing">
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="back" value={back} />
          <label className="flex items-start gap-2">
            <input type="checkbox" name="hold_for_approval" defaultChecked={holdForApproval} className="mt-1 size-4" />
            <span>Hold new reviews for approval: a review waits as New, off the shop, until you publish it. Unticked, reviews show the moment they are written.</span>
          </label>
          {settingFailure ? <p className="text-sm text-red-800">{settingFailure}</p> : null}
          <div>
            <AdminButton weight="secondary" name="intent" value="hold">
              Save setting
            </AdminButton>
          </div>
        </Form>
      </AdminSection>

      <ListSearch label="Filter reviews" columns="sm:grid-cols-[1fr_1fr_2fr_auto]" button="Filter" refusal={refusal}>
        <SelectField label="Status" name="status" options={STATUS_OPTIONS} defaultValue={asked.status} error={placed.at.status} />
        <SelectField label="Rating" name="rating" options={RATING_OPTIONS} defaultValue={asked.rating} error={placed.at.rating} />
        <SelectField
          label="Product"
          name="product_id"
          options={[{ value: "", label: "Any" }, ...productChoices.map((product) => ({ value: String(product.id), label: product.title }))]}
          defaultValue={asked.product_id}
          error={placed.at.product_id}
        />
      </ListSearch>

      <PagedList label="Review pages" noun="reviews" path={REVIEWS_PATH} asked={asked} empty={reviews.length === 0} nextCursor={nextCursor}>
        <ul className="flex flex-col gap-4" aria-label="Reviews">
          {reviews.map((review) => {
            const failure = failureFor(review.id);
            return (
              <li key={review.id}>
                <article aria-labelledby={`review-${review.id}`} className="flex flex-col gap-3 rounded-lg bg-card p-4 shadow-sm sm:p-6">
                  <header>
                    <h2 id={`review-${review.id}`} className="font-heading text-lg font-semibold">
                      {review.title}
                    </h2>
                    <p className="text-sm">
                      <span className="font-medium">{review.rating} of 5</span> · {REVIEW_STATUS_LABELS[review.status]} · {review.reviewerName}
                      {review.verified ? " (verified buyer)" : ""} · <When at={review.createdAt} /> · on{" "}
                      <Link to={`/products/${review.productHandle}`} className="underline">
                        {review.productTitle}
                      </Link>
                    </p>
                  </header>
                  <p className="whitespace-pre-wrap">{review.description}</p>
                  {failure?.form ? <FormMessage tone="error">{failure.form}</FormMessage> : null}
                  <Form method="post" className="flex flex-col gap-2">
                    <input type="hidden" name="id" value={review.id} />
                    <input type="hidden" name="back" value={back} />
                    <LabelledField
                      label={`Your response to “${review.title}”`}
                      error={failure?.at.response}
                      control={(control) => (
                        <textarea
                          name="response"
                          rows={3}
                          maxLength={RESPONSE_MAX}
                          defaultValue={failure ? actionData?.values.response : (review.response ?? "")}
                          {...control}
                        />
                      )}
                    />
                    <div className="flex flex-wrap gap-2">
                      <AdminButton weight="secondary" name="intent" value="respond">
                        Save response
                      </AdminButton>
                      {review.status === "published" ? null : (
                        <AdminButton name="intent" value="show" aria-label={`Publish “${review.title}”`}>
                          Publish
                        </AdminButton>
                      )}
                      {review.status === "hidden" ? null : (
                        <AdminButton weight="secondary" name="intent" value="hide" aria-label={`Hide “${review.title}”`}>
                          Hide
                        </AdminButton>
                      )}
                    </div>
                  </Form>
                </article>
              </li>
            );
          })}
        </ul>
      </PagedList>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
