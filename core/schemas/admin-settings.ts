/**
 * What the back office sends to change the store's rules (permission `settings`: store name, contact email, checkout
 * on or off, minimum order, shipping options, tax rates) and its looks (permission `content`: callout, colours,
 * fonts, buttons, logo), and what the admin API answers (/api/admin/settings, /shipping-options, /tax-rates,
 * /tax-classes). The looks are checked again, whole, by the schema the shop reads its settings with
 * (server/store/settings.ts).
 */
import { z } from "zod";
import { REMINDER_DELAY_MINUTES } from "../cart-reminders";
import { MAX_RETURN_WINDOW_DAYS } from "../returns";
import { FONT_STACKS } from "../fonts";
import { storeSettingsSchema, TIME_ZONE_MESSAGE } from "./store-settings";
import { isTimeZone } from "../shop-dates";
import { recordIdParam } from "./record-id";
import { taxClassKeySchema } from "./admin-catalogue";

const MAX_CENTS = 100_000_000;
const cents = (what: string) =>
  z.number({ error: `${what} must be a number of cents` }).int(`${what} must be whole cents`).min(0, `${what} cannot be negative`).max(MAX_CENTS, `${what} is too large`);

export const settingsIdParamsSchema = z.object({ id: recordIdParam("id must be a number") });

export const storeRulesSchema = z
  .object({
    website_title: z.string().trim().min(1, "Store name is required").max(120, "Store name is too long"),
    contact_email: z.email("Contact email must be an email address").max(254).nullable(),
    time_zone: z
      .string()
      .trim()
      .refine(isTimeZone, `Time zone ${TIME_ZONE_MESSAGE}`)
      .optional()
      .describe("The IANA time zone every date the owner reads is in: the back office, emails, CSVs, 'today' (decision 0061); absent keeps it"),
    checkout_enabled: z.boolean(),
    minimum_order_cents: cents("Minimum order"),
    cart_reminder_delay_minutes: z
      .number({ error: "Reminder delay must be a number of minutes" })
      .int("Reminder delay must be whole minutes")
      .min(REMINDER_DELAY_MINUTES.min, `Reminder delay must be at least ${REMINDER_DELAY_MINUTES.min} minute`)
      .max(REMINDER_DELAY_MINUTES.max, `Reminder delay must be at most ${REMINDER_DELAY_MINUTES.max} minutes (a week)`)
      .optional()
      .describe("Minutes an unpaid checkout whose shopper asked for a reminder waits for its one reminder email (decision 0037); absent keeps it"),
    subscription_reminder_days: z
      .number({ error: "Renewal reminder must be a number of days" })
      .int("Renewal reminder must be whole days")
      .min(1, "Renewal reminder must be at least 1 day")
      .max(30, "Renewal reminder must be at most 30 days")
      .optional()
      .describe("Days before each subscription renewal that the subscriber is reminded, with a one-click skip (decision 0052); absent keeps it"),
    return_window_days: z
      .number({ error: "Return window must be a number of days" })
      .int("Return window must be whole days")
      .min(0, "Return window cannot be negative")
      .max(MAX_RETURN_WINDOW_DAYS, `Return window must be at most ${MAX_RETURN_WINDOW_DAYS} days`)
      .optional()
      .describe("Days after shipping that a customer may start a return (decision 0056); 0 turns customer-started returns off; absent keeps it"),
    legal_name: z
      .string()
      .trim()
      .max(200, "Legal name is too long")
      .optional()
      .describe("The seller's legal name on invoices and credit notes (decision 0055); empty: the store name; absent keeps it"),
    legal_address: z
      .string()
      .trim()
      .max(500, "Legal address is too long")
      .refine((text) => text.split("\n").length <= 6, "Legal address must be at most 6 lines")
      .optional()
      .describe("The seller's address on invoices, one line per line of text; absent keeps it"),
    tax_id: z.string().trim().max(60, "Tax id is too long").optional().describe("The seller's tax id (VAT or EIN) on invoices; absent keeps it"),
  })
  .meta({ id: "StoreRules" });
export type StoreRules = z.infer<typeof storeRulesSchema>;

export const shippingOptionInputSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(120, "Name is too long"),
  details: z.string().trim().max(500, "Details are too long").default(""),
  price_cents: cents("Price"),
  free_shipping_threshold_cents: cents("Free-shipping threshold").nullable().default(null),
});
export type ShippingOptionInput = z.infer<typeof shippingOptionInputSchema>;

export const shippingOptionSchema = shippingOptionInputSchema
  .extend({
    id: z.number().int(),
    key: z.string().describe("What checkout sends as shipping_option; made from the name when the option is created, then kept"),
    details: z.string(),
    free_shipping_threshold_cents: z.number().int().nullable(),
  })
  .meta({ id: "ShippingOption" });
export const shippingOptionAnswerSchema = z.object({ shipping_option: shippingOptionSchema });
export const shippingOptionListSchema = z.object({ shipping_options: z.array(shippingOptionSchema) });

const basisPoints = z
  .number({ error: "Rate must be a number" })
  .int("Rate must be in hundredths of a percent")
  .min(0, "Rate cannot be negative")
  .max(5000, "Rate cannot be over 50 %");

export const taxRateInputSchema = z.object({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Country must be its two-letter code, such as US"),
  region: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,3}$/, "Region must be its code as addresses give it, such as CA"),
  rate_basis_points: basisPoints.describe("The region's standard rate, which standard products (and classes without their own rate here) are taxed at"),
  taxes_shipping: z.boolean().default(false),
  class_rates: z
    .record(taxClassKeySchema, basisPoints)
    .optional()
    .describe(
      "The region's rate for each other class, by key, in basis points ({ \"reduced\": 100 }); a class left out is taxed at the standard rate, exempt is always 0. Absent keeps them",
    ),
});
export type TaxRateInput = z.infer<typeof taxRateInputSchema>;

export const taxRateSchema = taxRateInputSchema
  .extend({ id: z.number().int(), class_rates: z.record(z.string(), z.number().int()) })
  .meta({ id: "TaxRate" });
export const taxRateAnswerSchema = z.object({ tax_rate: taxRateSchema });
export const taxRateListSchema = z.object({ tax_rates: z.array(taxRateSchema) });

export const taxClassInputSchema = z.object({
  name: z.string().trim().min(1, "Name the class").max(60, "Class name is too long"),
});
export type TaxClassInput = z.infer<typeof taxClassInputSchema>;

export const taxClassSchema = z
  .object({
    key: z.string().describe("What products (tax_class) and rates (class_rates) name the class by; made from the name, then kept"),
    name: z.string(),
    built_in: z.boolean().describe("standard, reduced and exempt are built in and cannot be deleted"),
  })
  .meta({ id: "TaxClass" });
export const taxClassAnswerSchema = z.object({ tax_class: taxClassSchema });
export const taxClassListSchema = z.object({ tax_classes: z.array(taxClassSchema) });
export const taxClassKeyParamsSchema = z.object({ key: taxClassKeySchema });

const settings = storeSettingsSchema.shape;
const styles = settings.styles.shape;
const font = z.enum(FONT_STACKS, "Choose one of the fonts the shop can show");

/** The looks as the shop's settings hold them (camelCase, as /data and the shop read them). */
export const storeLooksSchema = z
  .object({
    callout: settings.callout,
    styles: settings.styles,
    logo: settings.logo,
    navbar: settings.navbar,
    footer: settings.footer,
    socialLinks: settings.socialLinks,
  })
  .meta({ id: "StoreLooks" });

/**
 * A change to the looks: any part, merged onto the current ones (a list replaces the one before); each colour pair is
 * checked for contrast.
 */
export const storeLooksChangeSchema = z
  .object({
    callout: settings.callout.partial().optional(),
    styles: z
      .object({
        // Without its default: a change that leaves the page background out keeps it rather than resetting it.
        backgroundColor: styles.backgroundColor.unwrap().optional(),
        textColor: styles.textColor.optional(),
        colors: styles.colors.partial().optional(),
        fonts: z.object({ heading: font, body: font }).partial().optional(),
        buttons: z
          .object({ primary: styles.buttons.shape.primary.partial(), secondary: styles.buttons.shape.secondary.partial() })
          .partial()
          .optional(),
      })
      .optional(),
    logo: z.object({ alt: z.string().trim().min(1, "The logo's description is required").max(200) }).optional(),
    /** Lists are sent whole: the navigation's links, the footer's links and sections, the social links. */
    navbar: settings.navbar.partial().optional(),
    footer: settings.footer.partial().optional(),
    socialLinks: settings.socialLinks.optional(),
  })
  .strict()
  .meta({ id: "StoreLooksChange" });
export type StoreLooksChange = z.infer<typeof storeLooksChangeSchema>;

/** What the theme form saves as a draft before it is published: the callout, colours, fonts and buttons. */
export const themeDraftSchema = storeLooksChangeSchema.pick({ callout: true, styles: true });
export type ThemeDraft = z.infer<typeof themeDraftSchema>;

/** The theme draft as the admin API answers it: null when there is none, and the shop shows the live theme to all. */
export const themeDraftAnswerSchema = z.object({ draft: themeDraftSchema.nullable() }).meta({ id: "ThemeDraftAnswer" });

export const logoUploadSchema = z.object({ file: z.any().describe("The logo: JPEG, PNG, WebP or AVIF, 20 MB at most") });
