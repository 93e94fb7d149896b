/**
 * `npm run shop -- reviews list | respond <id> <text> | hide <id> | show <id>`: the owner's review moderation.
 * Reviews are published as they are written; the owner answers them (shown under 'Response from Seller') or hides them.
 */
import { shopDate } from "../../core/shop-dates";
import type { AppDeps } from "../context";
import { shopTimeZone } from "../store/settings";
import { listReviews, respondToReview, setReviewHidden, type OwnerReview } from "../reviews/reviews";
import { commandLineActor } from "../audit/audit";
import { CommandUsageError, wholeNumberArg } from "./usage-error";

export const REVIEWS_USAGE = [
  "Usage: npm run shop -- reviews <command>",
  "  list                 newest reviews with their id",
  "  respond <id> <text>  answer a review publicly (an empty text removes the answer)",
  "  hide <id>            take a review off the shop",
  "  show <id>            publish a new or hidden review",
].join("\n");

const reviewId = (raw: string | undefined) => wholeNumberArg(raw, "A review id", REVIEWS_USAGE);

/** The reviews, each with the day it was written in the shop's time zone (decision 0061). */
export function formatReviews(rows: OwnerReview[], timeZone: string): string {
  return rows
    .map((r) => {
      const flags = [r.verified ? "verified" : "unverified", r.status === "published" ? r.status : r.status.toUpperCase()].join(", ");
      const head = `#${r.id}  ${"★".repeat(r.rating)}${"☆".repeat(5 - r.rating)}  ${r.productHandle}  "${r.title}" by ${r.reviewerName}`;
      const response = r.response ? `\n      response: ${r.response}` : "";
      return `${head}\n      ${shopDate(r.createdAt, timeZone)}, ${flags}${response}`;
    })
    .join("\n");
}

/** Runs one reviews subcommand and returns what to print. */
export async function reviewsCommand({ db }: Pick<AppDeps, "db">, storeId: string, args: string[]): Promise<string> {
  const [sub, ...rest] = args;
  switch (sub) {
    case "list": {
      const { reviews } = await listReviews(db, storeId);
      return reviews.length === 0 ? "No reviews yet." : formatReviews(reviews, await shopTimeZone(db, storeId));
    }
    case "respond": {
      const id = reviewId(rest[0]);
      const text = rest.slice(1).join(" ");
      await respondToReview(db, storeId, id, text, commandLineActor(storeId));
      return text.trim() ? `Review #${id} now shows your response.` : `Review #${id} no longer has a response.`;
    }
    case "hide":
      await setReviewHidden(db, storeId, reviewId(rest[0]), true, commandLineActor(storeId));
      return `Review #${rest[0]} is hidden from the shop.`;
    case "show":
      await setReviewHidden(db, storeId, reviewId(rest[0]), false, commandLineActor(storeId));
      return `Review #${rest[0]} is published again.`;
    default:
      throw new CommandUsageError(sub ? `Unknown reviews command "${sub}".\n\n${REVIEWS_USAGE}` : REVIEWS_USAGE);
  }
}
