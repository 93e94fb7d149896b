/**
 * What the account pages and the account API tell a shopper, word for word. Kept apart from the zod schemas so the
 * browser does not load zod for them.
 */
export const ACCOUNT_NOT_FOUND_MESSAGE = "Account not found. Please check your email and password and try again.";

export const INVALID_RESET_LINK_MESSAGE = "This reset link is invalid or has expired. Please request a new one.";

/** What the shopper is told whether or not the email has an account. */
export const RESET_REQUESTED_MESSAGE =
  "If an account exists for this email, we've sent a link to reset your password. It is valid for 1 hour.";

/**
 * What sign-up leads to, true whether the account was made or the email already had one (whose owner is mailed), so
 * the page does not tell which emails have accounts.
 */
export const SIGNED_UP_MESSAGE =
  "Your account is ready. Please sign in. If this email already had an account, we have emailed it and its password is unchanged.";
