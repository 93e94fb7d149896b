/**
 * `npm run shop -- reviews list | respond <id> <text> | hide <id> | show <id>`: the owner's review moderation, on the
 * configured database (stop the running shop first when it uses the embedded PGlite: one process at a time).
 * Reviews are published as they are written; the owner answers them (shown under 'Response from Seller') or hides them.
 */
import path from "node:path";
import { loadConfig } from "../../server/config";
import type { Database } from "../../server/db/client";
import { openDatabase } from "../../server/db/client";
import { listReviews, respondToReview, setReviewHidden, type OwnerReview } from "../../server/reviews/reviews";

export const REVIEWS_USAGE = [
  "Usage: npm run shop -- reviews <command>",
  "  list                 newest reviews with their id",
  "  respond <id> <text>  answer a review publicly (an empty text removes the answer)",
  "  hide <id>            take a review off the shop",
  "  show <id>            publish a hidden review again",
].join("\n");

function reviewId(raw: string | undefined): number {
  const id = Number(raw);
  if (!raw || !Number.isInteger(id) || id < 1) throw new Error(`A review id is a whole number (got "${raw ?? ""}").\n\n${REVIEWS_USAGE}`);
  return id;
}

export function formatReviews(rows: OwnerReview[]): string {
  if (rows.length === 0) return "No reviews yet.";
  return rows
    .map((r) => {
      const flags = [r.verified ? "verified" : "unverified", r.hidden ? "HIDDEN" : "published"].join(", ");
      const head = `#${r.id}  ${"★".repeat(r.rating)}${"☆".repeat(5 - r.rating)}  ${r.productHandle}  "${r.title}" by ${r.reviewerName}`;
      const response = r.response ? `\n      response: ${r.response}` : "";
      return `${head}\n      ${r.createdAt.toISOString().slice(0, 10)}, ${flags}${response}`;
    })
    .join("\n");
}

/** Runs one reviews subcommand and returns what to print. */
export async function reviewsCommand(db: Database, storeId: string, args: string[]): Promise<string> {
  const [sub, ...rest] = args;
  switch (sub) {
    case "list":
      return formatReviews(await listReviews(db, storeId));
    case "respond": {
      const id = reviewId(rest[0]);
      const text = rest.slice(1).join(" ");
      await respondToReview(db, storeId, id, text);
      return text.trim() ? `Review #${id} now shows your response.` : `Review #${id} no longer has a response.`;
    }
    case "hide":
      await setReviewHidden(db, storeId, reviewId(rest[0]), true);
      return `Review #${rest[0]} is hidden from the shop.`;
    case "show":
      await setReviewHidden(db, storeId, reviewId(rest[0]), false);
      return `Review #${rest[0]} is published again.`;
    default:
      throw new Error(sub ? `Unknown reviews command "${sub}".\n\n${REVIEWS_USAGE}` : REVIEWS_USAGE);
  }
}

export async function run(args: string[]): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.DATABASE_URL ?? path.join(path.resolve(config.DATA_DIR), "db"));
  try {
    await database.migrate();
    console.log(await reviewsCommand(database.db, config.STORE_ID, args));
  } finally {
    await database.close();
  }
}
