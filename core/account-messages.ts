/**
 * What the account pages and the account API tell a shopper, word for word. Kept apart from the zod schemas so the
 * browser does not load zod for them.
 */
export const ACCOUNT_NOT_FOUND_MESSAGE = "Account not found. Please check your email and password and try again.";

export const INVALID_RESET_LINK_MESSAGE = "This reset link is invalid or has expired. Please request a new one.";

/** What the shopper is told whether or not the email has an account. */
export const RESET_REQUESTED_MESSAGE =
  "If an account exists for this email, we've sent a link to reset your password. It is valid for 1 hour.";
