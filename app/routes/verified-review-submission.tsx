import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { REVIEW_LIMITS, REVIEW_MESSAGES } from "@core/review-rules";
import type {
  ReviewerOrderRequest,
  ReviewerOrderResponse,
  ReviewOrderDetails,
  ReviewSubmission,
  ReviewSubmissionResponse,
} from "@core/schemas/reviews";
import { StarRatingInput } from "~/components/reviews/star-rating-input";
import { AlertDialog } from "~/components/ui/dialog";
import { ApiError, api } from "~/lib/api";
import { eventHandler } from "~/lib/promises";
import { useShop } from "~/lib/use-shop";

export function meta() {
  return [
    { title: "Write a review" },
    // The address carries the reviewer's token: keep it out of search engines and other sites' logs.
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

type LinkState =
  | { status: "validating" }
  | { status: "error"; message: string }
  | { status: "valid"; order: ReviewOrderDetails }
  /** The last product of the order was just reviewed here (a link opened again later gets 'All reviews ...'). */
  | { status: "done"; orderId: ReviewOrderDetails["order_id"] };

/** The spec's review link check: 401 is 'Invalid Review Link', any other failure its message or the fallback. */
async function validateLink(token: string, storeId: string): Promise<LinkState> {
  try {
    const { orderDetails } = await api<ReviewerOrderResponse>("/api/reviews/reviewer_order", {
      body: { review_token: token, current_store_id: storeId } satisfies ReviewerOrderRequest,
    });
    if (orderDetails.product_details.length === 0) return { status: "error", message: REVIEW_MESSAGES.allReviewed };
    return { status: "valid", order: orderDetails };
  } catch (error) {
    const refusal = error instanceof ApiError ? error : null;
    if (refusal?.status === 401) return { status: "error", message: REVIEW_MESSAGES.invalidLink };
    return { status: "error", message: refusal?.serverError ?? REVIEW_MESSAGES.validationFallback };
  }
}

export default function VerifiedReviewSubmission() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("review_token") ?? "";
  const { storeId } = useShop();
  const [link, setLink] = useState<LinkState>(() =>
    token ? { status: "validating" } : { status: "error", message: REVIEW_MESSAGES.noToken },
  );
  const [dialog, setDialog] = useState<"success" | "failure" | null>(null);

  useEffect(() => {
    if (!token) {
      setLink({ status: "error", message: REVIEW_MESSAGES.noToken });
      return;
    }
    let current = true;
    setLink({ status: "validating" });
    void validateLink(token, storeId).then((state) => {
      if (current) setLink(state);
    });
    return () => {
      current = false;
    };
  }, [token, storeId]);

  return (
    // The review page has its own look (spec: primary teal, secondary brown, light background).
    <div className="bg-stone-50 px-4 py-10 text-stone-900 sm:py-14">
      <div className="mx-auto max-w-2xl">
        <h1 className="mb-6 font-heading text-3xl font-semibold text-teal-800">Review your purchase</h1>
        {link.status === "validating" ? (
          <p role="status" className="rounded-lg border border-stone-200 bg-white p-6 text-center">
            Validating your review link...
          </p>
        ) : link.status === "error" ? (
          <ValidationError message={link.message} />
        ) : link.status === "done" ? (
          <AllReviewedThanks orderId={link.orderId} />
        ) : (
          <>
            <OrderDetailsBox order={link.order} />
            <ReviewForm
              // A new form per order keeps no text from another order's link.
              key={link.order.order_id}
              order={link.order}
              token={token}
              storeId={storeId}
              onSubmitted={(remaining) => {
                setDialog("success");
                if (remaining.length === 0) setLink({ status: "done", orderId: link.order.order_id });
                else setLink({ status: "valid", order: { ...link.order, product_details: remaining } });
              }}
              onFailed={(status) => {
                setDialog("failure");
                // Reviewed meanwhile (another tab, another device): the list is refreshed, the typed text stays.
                if (status === 409) void validateLink(token, storeId).then(setLink);
              }}
            />
          </>
        )}
      </div>
      <AlertDialog
        open={dialog === "success"}
        onClose={() => setDialog(null)}
        title="Review Submitted"
        message="Thank you for submitting your review!"
        tone="success"
      />
      <AlertDialog
        open={dialog === "failure"}
        onClose={() => setDialog(null)}
        title="Submission Failed"
        message="We couldn't submit your review. Please try again later."
        tone="error"
      />
    </div>
  );
}

function ValidationError({ message }: { message: string }) {
  return (
    <section aria-labelledby="review-error" className="rounded-lg border border-amber-900/30 bg-white p-6 text-center">
      <h2 id="review-error" className="text-xl font-semibold text-amber-900">
        Validation Error
      </h2>
      <p className="mt-2">{message}</p>
      <p className="mt-4 text-stone-700">Please check your review link and try again.</p>
    </section>
  );
}

function AllReviewedThanks({ orderId }: { orderId: ReviewOrderDetails["order_id"] }) {
  return (
    <section aria-labelledby="review-thanks" className="rounded-lg border border-stone-200 bg-white p-6 text-center">
      <h2 id="review-thanks" className="text-xl font-semibold text-teal-800">
        Thank you for your reviews!
      </h2>
      <p className="mt-2">You have reviewed every product of order {orderId}. Other shoppers can read your reviews now.</p>
      <Link
        to="/"
        className="mt-5 inline-block rounded bg-teal-700 px-6 py-3 font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-900"
      >
        Continue Shopping
      </Link>
    </section>
  );
}

function OrderDetailsBox({ order }: { order: ReviewOrderDetails }) {
  return (
    <section aria-labelledby="order-details" className="mb-8 rounded-lg border border-amber-900/30 bg-amber-50 p-5">
      <h2 id="order-details" className="mb-3 text-lg font-semibold text-amber-900">
        Order Details
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">Name:</dt>
        <dd>{order.customer_name}</dd>
        <dt className="font-semibold">Email:</dt>
        <dd className="break-all">{order.customer_email}</dd>
        <dt className="font-semibold">Order ID:</dt>
        <dd>{order.order_id}</dd>
      </dl>
    </section>
  );
}

const inputClass =
  "w-full rounded border border-stone-400 bg-white px-3 py-2 focus:border-teal-700 focus:outline-2 focus:outline-teal-700";

function ReviewForm({
  order,
  token,
  storeId,
  onSubmitted,
  onFailed,
}: {
  order: ReviewOrderDetails;
  token: string;
  storeId: string;
  onSubmitted: (remaining: ReviewOrderDetails["product_details"]) => void;
  onFailed: (status: number | undefined) => void;
}) {
  const products = order.product_details;
  const [productHandle, setProductHandle] = useState(products[0].handle);
  const [title, setTitle] = useState("");
  const [rating, setRating] = useState(0);
  const [description, setDescription] = useState("");
  const [ratingError, setRatingError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // The reviewed product has left the list: move to the first one still waiting.
  const selected = products.some((p) => p.handle === productHandle) ? productHandle : products[0].handle;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (rating < REVIEW_LIMITS.ratingMin) {
      setRatingError("Please choose a rating from 1 to 5 stars.");
      return;
    }
    setBusy(true);
    setServerError(undefined);
    const payload: ReviewSubmission = {
      store_id: storeId,
      order_id: order.order_id,
      title,
      rating,
      // The server takes name and email from the order; they are sent as the spec's payload has them.
      name: order.customer_name,
      description,
      token,
      email: order.customer_email,
      product_handle: selected,
    };
    try {
      const result = await api<ReviewSubmissionResponse>("/api/reviews/submit", { body: payload });
      // The next product starts from an empty form, so one product's words never slip into another's review.
      setTitle("");
      setRating(0);
      setDescription("");
      onSubmitted(result.remaining);
    } catch (error) {
      const refusal = error instanceof ApiError ? error : null;
      setServerError(refusal?.serverError);
      onFailed(refusal?.status);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="write-review" className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id="write-review" className="mb-4 text-xl font-semibold text-teal-800">
        Write Your Review
      </h2>
      <form onSubmit={eventHandler(submit, "Failed to submit the review")} className="space-y-5" aria-busy={busy}>
        <div>
          <label htmlFor="review-product" className="mb-1 block font-semibold">
            Select Product
          </label>
          <select
            id="review-product"
            required
            value={selected}
            onChange={(event) => setProductHandle(event.target.value)}
            className={inputClass}
          >
            {products.map((product) => (
              <option key={product.handle} value={product.handle}>
                {product.title}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="review-title" className="mb-1 block font-semibold">
            Title
          </label>
          <input
            id="review-title"
            type="text"
            required
            maxLength={REVIEW_LIMITS.titleMax}
            placeholder="What's most important to know?"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            className={inputClass}
          />
        </div>
        <StarRatingInput
          legend="Rating"
          value={rating}
          onChange={(stars) => {
            setRating(stars);
            setRatingError(undefined);
          }}
          error={ratingError}
        />
        <div>
          <label htmlFor="review-text" className="mb-1 block font-semibold">
            Review
          </label>
          <textarea
            id="review-text"
            required
            rows={5}
            maxLength={REVIEW_LIMITS.descriptionMax}
            placeholder="What did you like or dislike? How was your experience with this product?"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            className={inputClass}
          />
        </div>
        {serverError ? (
          <p role="alert" className="text-sm font-semibold text-red-800">
            {serverError}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded bg-teal-700 px-6 py-3 font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-900 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {busy ? "Submitting..." : "Submit Review"}
        </button>
      </form>
    </section>
  );
}
