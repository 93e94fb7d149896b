/**
 * Payloads of the checkout calls (docs/api.md, Payment and checkout). Amounts in responses are integer cents; the page
 * divides by 100 for display. Failures carry the checkout page's own messages (core/checkout-messages).
 */
import { z } from "zod";
import {
  INCOMPLETE_ADDRESS_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  MAX_EMAIL_LENGTH,
  MAX_TEXT_LENGTH,
  MISSING_FIELDS_MESSAGE,
} from "../checkout-messages";
import { cartItemSchema } from "./cart";
import { storable } from "./storable";

const required = (message: string) => z.string({ error: message }).trim().min(1, message).max(MAX_TEXT_LENGTH, "is too long");
/** A name or second address line: may be left out, and says what is wrong in the words the required fields use. */
const optionalText = z.string().trim().max(MAX_TEXT_LENGTH, "is too long").nullish();

export const addressSchema = z.object(
  {
    /** The addressee; may also come as the request's name or fullName. */
    name: optionalText,
    line1: required(INCOMPLETE_ADDRESS_MESSAGE),
    line2: optionalText,
    city: required(INCOMPLETE_ADDRESS_MESSAGE),
    state: required(INCOMPLETE_ADDRESS_MESSAGE),
    postal_code: required(INCOMPLETE_ADDRESS_MESSAGE),
    country: z.string().trim().length(2, INCOMPLETE_ADDRESS_MESSAGE).default("US"),
  },
  { error: INCOMPLETE_ADDRESS_MESSAGE },
);

export const emailSchema = z.email({ error: INVALID_EMAIL_MESSAGE }).max(MAX_EMAIL_LENGTH, INVALID_EMAIL_MESSAGE);
const storeId = z.string().trim().min(1).max(64).optional();
const discountCode = z.string().trim().max(100).nullish();
const shippingOption = required(MISSING_FIELDS_MESSAGE);
/**
 * The checkout's reminder box (decision 0037), sent with every call that carries the shopper's email: true asks for
 * one reminder at that email if the cart is not paid within the owner's delay; false or absent withdraws it.
 */
const remindMe = z
  .boolean()
  .default(false)
  .describe("Email one reminder with a link back to this cart if it is not paid within the shop's delay; absent is false");

export const checkoutItemSchema = z.object({
  quantity: z.number().int().min(1).max(99),
  sku: z.string().nullish(),
  bundle_id: z.number().int().nullish(),
  subscription: z.string().nullish(),
});

export const createCheckoutSessionSchema = storable(z.object({
  checkout_items: z.array(checkoutItemSchema).min(1, "Your cart is empty"),
  store_id: storeId,
  cost_of_checkout: z.number().int("must be whole cents").nonnegative(),
}));

export const shippingOptionsRequestSchema = storable(
  z.object({ address: addressSchema, store_id: storeId, email: emailSchema, remind_me: remindMe }),
);

/** The one-time tax preview and order submission: the checkout session's cart, with the shopper's details. */
export const sessionCheckoutSchema = storable(z.object({
  session_id: required("session_id is required"),
  store_id: storeId,
  address: addressSchema,
  email: emailSchema,
  name: optionalText,
  shipping_option: shippingOption,
  discount_code: discountCode,
  remind_me: remindMe,
}));

/** Subscription carts: the stored cart, with the shopper's details (preview_tax_and_shipping, confirm_subscription). */
export const cartCheckoutSchema = storable(z.object({
  address: addressSchema,
  shipping_option: shippingOption,
  email: emailSchema,
  store_id: storeId,
  fullName: optionalText,
  checkout_items: z.array(checkoutItemSchema).optional(),
  discount_code: discountCode,
  /** Chosen by the page once per attempt, so a double click makes one subscription. */
  idempotency_key: z.string().trim().min(8).max(100).optional(),
  remind_me: remindMe,
}));

export const calculateTaxSchema = storable(z.object({
  payment_intent_id: required("payment_intent_id is required"),
  store_id: storeId,
  address: addressSchema,
  email: emailSchema,
  name: optionalText,
  shipping_id: shippingOption,
  discount_code: discountCode,
}));

export const simulatedConfirmSchema = storable(z.object({
  client_secret: required("client_secret is required"),
  card: z.object({
    number: required("Your card number is incomplete."),
    exp_month: z.number({ error: "Your card's expiration date is incomplete." }).int(),
    exp_year: z.number({ error: "Your card's expiration date is incomplete." }).int(),
    cvc: required("Your card's security code is incomplete."),
  }),
}));

export type CheckoutAddress = z.infer<typeof addressSchema>;

// ---------------------------------------------------------------- answers (the API's response schemas)

const cents = z.number().int().describe("Cents");

/** Cents. `shipping` is what this order pays for shipping (0 when free). */
export const priceInfoSchema = z
  .object({ subtotal: cents, discount: cents, shipping: cents, tax: cents, total: cents })
  .describe("shipping is what this order pays for shipping (0 when free)");
export type PriceInfo = z.infer<typeof priceInfoSchema>;

/** One line of a checkout as the server priced it: the cart item's shape, and what the line costs in cents. */
const checkoutLineSchema = z.object({ item: cartItemSchema, line_total: cents });
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

export const checkoutSessionCreatedSchema = z.object({ session_id: z.string() });

export const checkoutSessionSchema = z.object({
  session_id: z.string(),
  client_secret: z.string(),
  cost_of_checkout: cents,
  price_info: priceInfoSchema,
  line_items: z
    .array(checkoutLineSchema)
    .describe("The goods the session charges for, in the cart's order: the summary lists these, never the browser's copy"),
  has_subscription: z.boolean(),
  discount_code: z.string().nullable(),
});
export type CheckoutSessionData = z.infer<typeof checkoutSessionSchema>;

const shippingOptionSchema = z.object({
  shipping_option_id: z.string(),
  shipping_option_name: z.string(),
  additional_information: z.string(),
  price: z.number().describe("Dollars, as the spec's shape has it"),
  free_shipping_threshold: z.number().nullable().describe("Dollars; null when the option is never free"),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

export const shippingOptionsResponseSchema = z.object({ shipping_options: z.array(shippingOptionSchema) });

export const priceInfoResponseSchema = z.object({ price_info: priceInfoSchema });

export const submittedOrderSchema = z.object({
  order_id: z.number(),
  client_secret: z.string(),
  payment_reference: z.string(),
  total: cents,
});

export const simulatedConfirmResponseSchema = z.object({ id: z.string(), status: z.string(), error: z.string().nullable() });

export const webhookResponseSchema = z.object({
  received: z.literal(true),
  handled: z.boolean(),
  outcome: z.enum(["applied", "duplicate", "ignored", "refund-needed"]).optional(),
});
