/**
 * The messages the checkout page shows (docs/product.md, Checkout), also given by the checkout API's validation, and
 * the lengths both accept. Kept apart from the zod schemas so the browser does not load zod for them.
 */
export const INVALID_EMAIL_MESSAGE = "Please enter a valid email";
export const INCOMPLETE_ADDRESS_MESSAGE = "Please complete the address";
export const MISSING_FIELDS_MESSAGE = "Please fill in all required fields";
export const SHIPPING_OPTIONS_FAILED_MESSAGE = "Failed to fetch shipping options";

/** The longest name or address line, and the longest email address (RFC 5321's path limit), the API accepts. */
export const MAX_TEXT_LENGTH = 200;
export const MAX_EMAIL_LENGTH = 254;
