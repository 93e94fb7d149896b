/**
 * The messages the checkout page shows (spec section 5, Checkout), also given by the checkout API's validation.
 * Kept apart from the zod schemas so the browser does not load zod for them.
 */
export const INVALID_EMAIL_MESSAGE = "Please enter a valid email";
export const INCOMPLETE_ADDRESS_MESSAGE = "Please complete the address";
export const MISSING_FIELDS_MESSAGE = "Please fill in all required fields";
export const SHIPPING_OPTIONS_FAILED_MESSAGE = "Failed to fetch shipping options";
