/**
 * What a verified review may hold and what the review page says, shared by the page and the API so both apply the
 * same limits. Kept apart from the zod schemas so the browser does not load zod for them.
 */
export const REVIEW_LIMITS = { titleMax: 120, descriptionMax: 5000, ratingMin: 1, ratingMax: 5 } as const;

/** Texts shown for the review link (docs/product.md, Messages). */
export const REVIEW_MESSAGES = {
  allReviewed: "All reviews for this order have been submitted.",
  invalidLink: "Invalid Review Link",
  noToken: "No review token provided",
  validationFallback: "Failed to validate review token",
} as const;
