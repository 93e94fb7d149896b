/**
 * The store's look and content: data in the database, validated here, so a shop owner changes them without a code
 * change. Defaults are the demo shop's (docs/product.md, Screens and routes).
 */
import { z } from "zod";
import { REMINDER_DELAY_MINUTES } from "../cart-reminders";
import { DEFAULT_HOME_SECTIONS, HOME_SECTION_KEYS } from "../home-sections";
import { isAllowedLink, LINK_MESSAGE } from "../links";
import { DEFAULT_REMINDER_DAYS } from "../subscriptions";
import { DEFAULT_RETURN_WINDOW_DAYS, MAX_RETURN_WINDOW_DAYS } from "../returns";
import { isTimeZone, serverTimeZone } from "../shop-dates";

const hexColour = z.string().regex(/^#[0-9a-fA-F]{3,8}$/, "must be a hex colour such as #1f2937");
/**
 * A menu or footer link leads to a page of the shop, so it is a path: the narrow case of the owner's one link rule
 * (core/links.ts); server/store/navigation.ts checks that the page exists.
 */
const route = z.string().startsWith("/", "must start with /");
/** Any other link the owner sets, to the shop or another site: the owner's one link rule. */
const link = z.string().refine(isAllowedLink, LINK_MESSAGE).describe("A path in the shop (/…) or an http, https or mailto address");

export const navbarLinkSchema = z.object({
  name: z.string().min(1),
  route: route,
  query: z.string().min(1).optional(),
  type: z.enum(["search", "collection-search"]).optional(),
});

export const footerLinkSchema = z.object({ name: z.string().min(1), route: route });

export const footerSectionSchema = z.object({
  title: z.string().min(1),
  links: z.array(footerLinkSchema),
});

export const buttonStyleSchema = z.object({ backgroundColor: hexColour, textColor: hexColour });

/** Which home sections show, in their order: each section at most once (core/home-sections.ts adds the unnamed). */
export const homeSectionsSchema = z
  .array(z.object({ key: z.enum(HOME_SECTION_KEYS, "must be one of the home page's sections"), visible: z.boolean() }))
  .refine((sections) => new Set(sections.map((section) => section.key)).size === sections.length, "each section may be listed once");

export const TIME_ZONE_MESSAGE = "must be a time zone such as America/New_York";

export const storeSettingsSchema = z.object({
  websiteTitle: z.string().min(1),
  /**
   * The IANA zone every date the owner reads is in (decision 0061); stored times stay UTC. A shop that never chose
   * one reads as the server's zone.
   */
  timeZone: z.string().refine(isTimeZone, TIME_ZONE_MESSAGE).default(serverTimeZone),
  /**
   * Where contact messages go and what replies to the shop's mail reach; without one, the address the shop was
   * started with (SHOP_OWNER_EMAIL).
   */
  contactEmail: z.email("must be an email address").optional(),
  logo: z.object({ url: z.string().min(1), alt: z.string().min(1) }),
  /** The square mark in the browser's tab; without one the logo stands in, so no page asks for a missing /favicon.ico. */
  icon: z.string().min(1).optional(),
  styles: z.object({
    backgroundColor: hexColour.default("#DFDFD8"),
    textColor: hexColour,
    colors: z.object({
      primary: hexColour,
      secondary: hexColour,
      tertiary: hexColour,
      background: hexColour,
      card: hexColour,
    }),
    fonts: z.object({
      heading: z.string().min(1),
      body: z.string().min(1),
    }),
    buttons: z.object({ primary: buttonStyleSchema, secondary: buttonStyleSchema }),
  }),
  navbar: z.object({
    pages: z.array(navbarLinkSchema),
    displaySearchBar: z.boolean().default(false),
  }),
  footer: z.object({
    links: z.array(footerLinkSchema),
    sections: z.array(footerSectionSchema),
    copyright: z.string().min(1),
  }),
  socialLinks: z.array(z.object({ network: z.enum(["instagram", "tiktok"]), url: link })),
  callout: z.object({
    text: z.string().default("Free Shipping on orders over $40"),
    textColor: hexColour,
    backgroundColor: hexColour,
  }),
  siteContent: z.object({
    bannerHeader: z.string(),
    bannerText: z.string(),
    bannerButtonText: z.string(),
    /** Handle of the product the text-with-image banner's button opens. */
    bannerProductHandle: z.string(),
    bannerImage: z.string(),
    bannerHeight: z.number().int().positive().optional(),
    imageBand: z.string(),
    discountImage: z.string(),
    popupImage: z.string().optional(),
  }),
  homeSections: homeSectionsSchema.default(DEFAULT_HOME_SECTIONS),
  checkout: z.object({
    enabled: z.boolean(),
    minimumOrderCents: z.number().int().nonnegative().default(2000),
    /** How long a shopper who asked for a reminder has to pay before it is sent (decision 0037). */
    reminderDelayMinutes: z
      .number()
      .int("must be whole minutes")
      .min(REMINDER_DELAY_MINUTES.min, `must be at least ${REMINDER_DELAY_MINUTES.min} minute`)
      .max(REMINDER_DELAY_MINUTES.max, `must be at most ${REMINDER_DELAY_MINUTES.max} minutes (a week)`)
      .default(REMINDER_DELAY_MINUTES.default),
  }),
  /** Publish a review the moment it is written (the default), or hold it as new until the owner publishes it. */
  reviews: z.object({ holdForApproval: z.boolean().default(false) }).default({ holdForApproval: false }),
  /** How many days after shipping a customer may start a return (decision 0056); 0 turns customer-started returns off. */
  returns: z
    .object({
      windowDays: z
        .number()
        .int("must be whole days")
        .min(0, "cannot be negative")
        .max(MAX_RETURN_WINDOW_DAYS, `must be at most ${MAX_RETURN_WINDOW_DAYS} days`)
        .default(DEFAULT_RETURN_WINDOW_DAYS),
    })
    .default({ windowDays: DEFAULT_RETURN_WINDOW_DAYS }),
  /** The seller on invoices and credit notes (decision 0055); empty, the shop's name stands alone. */
  invoicing: z
    .object({ legalName: z.string().default(""), address: z.string().default(""), taxId: z.string().default("") })
    .default({ legalName: "", address: "", taxId: "" }),
  /** How many days before each renewal the subscriber is reminded, with a link to skip it. */
  subscriptions: z
    .object({
      reminderDays: z
        .number()
        .int("must be whole days")
        .min(1, "must be at least 1 day")
        .max(30, "must be at most 30 days")
        .default(DEFAULT_REMINDER_DAYS),
    })
    .default({ reminderDays: DEFAULT_REMINDER_DAYS }),
});

export type StoreSettings = z.infer<typeof storeSettingsSchema>;
export type NavbarLink = z.infer<typeof navbarLinkSchema>;
