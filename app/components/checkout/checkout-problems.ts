import { MAX_EMAIL_LENGTH, MAX_TEXT_LENGTH } from "@core/checkout-messages";
import { CheckoutCallError } from "./api";

/**
 * Where a failed checkout call belongs on the page. The API names the field it refuses in `field` ("address.name",
 * "discount_code"); messages still prefixed "field: …" are read the same way. The page shows the message beside
 * that field, never the internal name.
 */
export type AddressField = "name" | "line1" | "line2" | "city" | "state" | "postal_code";
export type CheckoutFieldKey = "email" | AddressField | "shipping" | "discount";

export type CheckoutProblem = { field: CheckoutFieldKey | null; message: string };

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

const FIELDS: Record<string, CheckoutFieldKey> = {
  email: "email",
  name: "name",
  fullName: "name",
  "address.name": "name",
  "address.line1": "line1",
  "address.line2": "line2",
  "address.city": "city",
  "address.state": "state",
  "address.postal_code": "postal_code",
  shipping_option: "shipping",
  shipping_id: "shipping",
  discount_code: "discount",
};

export function checkoutProblem(failure: unknown): CheckoutProblem {
  const text = failure instanceof Error ? failure.message : String(failure);
  if (failure instanceof CheckoutCallError && failure.field) return { field: FIELDS[failure.field] ?? null, message: text };
  const named = /^([A-Za-z_]+(?:\.[A-Za-z_0-9]+)*): (.+)$/s.exec(text);
  if (!named) return { field: null, message: text };
  return { field: FIELDS[named[1]] ?? null, message: named[2] };
}
