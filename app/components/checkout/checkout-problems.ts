import { MAX_EMAIL_LENGTH, MAX_TEXT_LENGTH } from "@core/checkout-messages";
import { ApiError } from "~/lib/api";

/**
 * Where a failed checkout call belongs on the page: beside the input the API names in its answer's `field` (the
 * request's own path, "address.city"), else above Pay Now. The page shows the message, never the path.
 */
export const ADDRESS_FIELDS = ["name", "line1", "line2", "city", "state", "postal_code"] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type CheckoutFieldPath = "email" | `address.${AddressField}` | "shipping_option" | "discount_code";

export type CheckoutProblem = { field: CheckoutFieldPath | null; message: string };

/** The longest value the checkout API accepts for each input (checkout-problems.test.ts checks it against the schemas). */
export const FIELD_MAX_LENGTH: Record<"email" | AddressField, number> = {
  email: MAX_EMAIL_LENGTH,
  name: MAX_TEXT_LENGTH,
  line1: MAX_TEXT_LENGTH,
  line2: MAX_TEXT_LENGTH,
  city: MAX_TEXT_LENGTH,
  state: MAX_TEXT_LENGTH,
  postal_code: MAX_TEXT_LENGTH,
};

const PAGE_FIELDS: ReadonlySet<string> = new Set<CheckoutFieldPath>([
  "email",
  ...ADDRESS_FIELDS.map((field) => `address.${field}` as const),
  "shipping_option",
  "discount_code",
]);

const isPageField = (field: string | undefined): field is CheckoutFieldPath => field !== undefined && PAGE_FIELDS.has(field);

export function checkoutProblem(failure: unknown): CheckoutProblem {
  const message = failure instanceof Error ? failure.message : String(failure);
  const field = failure instanceof ApiError && isPageField(failure.field) ? failure.field : null;
  return { field, message };
}
