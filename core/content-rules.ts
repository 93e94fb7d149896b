/**
 * Limits and texts of the contact and newsletter forms that both the pages and the API apply. Kept apart from the
 * zod schemas so the browser does not load zod for them.
 */
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
export const MESSAGE_TOO_LONG = "Your message is too long: please keep it to 5,000 characters or fewer.";

/** A spam trap: a field people never see. Anything typed into it marks the sender as a bot. */
export const HONEYPOT_FIELD = "website";

export const ALREADY_SIGNED_UP_MESSAGE = "Email already signed up";
