/**
 * Payloads of the content and engagement calls (docs/api.md, Content and newsletter): blog posts, the contact form,
 * newsletter sign-ups and the welcome popup (static pages: static-page.ts). Shared by the server (validation at the
 * edge) and the pages.
 */
import { z } from "zod";
import { CONTACT_MESSAGE_MAX_LENGTH, HONEYPOT_FIELD, MESSAGE_TOO_LONG } from "../content-rules";
import { storable } from "./storable";

/** The dialog library's wording for a bad address (docs/product.md, Messages), used in every 400 about an email. */
export const INVALID_EMAIL_MESSAGE = "Invalid email address";

const emailField = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .pipe(z.email({ error: INVALID_EMAIL_MESSAGE }).max(254, INVALID_EMAIL_MESSAGE));
const storeIdField = z.string().trim().min(1, "store_id is required").max(64);

export type BlogSection = { heading: string | null; content: string };
export type BlogPost = { blogId: string; title: string; author: string; publishedAt: string; sections: BlogSection[] };

export const contactRequestSchema = storable(z.object({
  customer_service_data: z.object({
    customer_name: z.string().trim().max(200, "customer_name must be at most 200 characters").default(""),
    customer_email: emailField,
    customer_phone_number: z.string().trim().max(40, "customer_phone_number must be at most 40 characters").default(""),
    message: z
      .string()
      .trim()
      .max(CONTACT_MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG)
      .default(""),
  }),
  store_id: storeIdField,
  [HONEYPOT_FIELD]: z.string().optional(),
}));

export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const newsletterSignupSchema = storable(z.object({
  email: emailField,
  store_id: storeIdField,
}));

export const welcomeEmailSchema = storable(z.object({
  customer_email: emailField,
  store_id: storeIdField,
}));

const popupDiscountSchema = z.object({ discount_popup_percentage: z.number() });
export type PopupDiscount = z.infer<typeof popupDiscountSchema>;

/** GET /api/discount/popupDiscount: `data[0]` is what the popup reads. */
export const popupDiscountResponseSchema = z.union([
  z.object({ success: z.literal(true), data: z.array(popupDiscountSchema) }),
  z.object({ success: z.literal(false), error: z.string() }),
]);
export type PopupDiscountResponse = z.infer<typeof popupDiscountResponseSchema>;

/** POST /api/discount/sendWelcomeEmail. */
export const welcomeEmailResponseSchema = z.object({ success: z.literal(true), data: popupDiscountSchema });
