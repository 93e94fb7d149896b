/**
 * The storefront's data model. Every table holding shop data carries `store_id`, so one deployment can serve
 * several stores; money is always integer cents.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { StoreSettings } from "../../core/schemas/store-settings";
import type { ThemeDraft } from "../../core/schemas/admin-settings";
import { PRODUCT_STATUSES, STOCK_REASONS } from "../../core/catalog-admin";
import { STAFF_ROLES } from "../../core/staff-roles";
import { CONTACT_MESSAGE_STATUSES } from "../../core/inbox-rules";
import { CONTENT_STATUSES } from "../../core/content-admin";
import { PAGE_TYPES } from "../../core/page-speed";
import { ORDER_STATES } from "../../core/order-lifecycle";
import type { VisitSource } from "../../core/traffic-sources";
import { PAYMENT_LINK_PURPOSES, PAYMENT_LINK_STATUSES } from "../../core/payment-links";
import { INTERVAL_UNITS, SUBSCRIPTION_STATUSES } from "../../core/subscriptions";
import { INVOICE_KINDS, type InvoiceDocumentFigures } from "../../core/invoices";
import { RETURN_REASON_KEYS, RETURN_STATES } from "../../core/returns";
import { DEMO_CONTENT_KINDS } from "../../core/demo-content";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
/** Bytes as a Buffer from either driver (PGlite answers a Uint8Array, pg a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const storeId = () =>
  text("store_id")
    .notNull()
    .references(() => stores.id, { onDelete: "cascade" });

export const stores = pgTable("stores", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  currency: text("currency").notNull().default("USD"),
  /** Signs the links the shop emails (server/mail/signed-links.ts); made by the database, never leaves it but in a signature. */
  linkSecret: text("link_secret")
    .notNull()
    .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
  createdAt: createdAt(),
});

/**
 * The public address the running shop was started with (PUBLIC_URL), kept so an owner's command that runs in its own
 * process builds emailed links as the shop does, whatever its own environment says. Not shop content: no version.
 */
export const storePublicUrls = pgTable("store_public_urls", {
  storeId: text("store_id")
    .primaryKey()
    .references(() => stores.id, { onDelete: "cascade" }),
  publicUrl: text("public_url").notNull(),
  recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The store's look and content (styles, navigation, footer, callout, popup, checkout switch), validated by zod. */
export const storeSettings = pgTable("store_settings", {
  storeId: text("store_id")
    .primaryKey()
    .references(() => stores.id, { onDelete: "cascade" }),
  settings: jsonb("settings").$type<StoreSettings>().notNull(),
  /**
   * The last document the shop could read, kept at each start and by each write: a setting broken later (a hand edit, a
   * document from an older version) is served from here rather than stopping the shop (server/store/settings.ts).
   */
  lastGood: jsonb("last_good").$type<StoreSettings>(),
  updatedAt: updatedAt(),
});

/**
 * The theme as the owner is changing it, apart from the settings the shop reads: saving it moves no content version
 * and no shopper sees it; signed-in staff preview it on the shop until it is published into the settings or discarded
 * (server/looks/theme-draft.ts). One per store.
 */
export const themeDrafts = pgTable("theme_drafts", {
  storeId: text("store_id")
    .primaryKey()
    .references(() => stores.id, { onDelete: "cascade" }),
  /** The theme form's change (callout, colours, fonts, buttons), as the settings would take it on publishing. */
  change: jsonb("change").$type<ThemeDraft>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * One counter that rises with every change to what shop pages show (catalogue, stock, reviews, content, settings),
 * bumped by statement triggers in the same transaction as the change, so every process sees it exactly when it
 * sees the data. Pages rendered for a version stay valid until it moves (server/http/page-cache.ts).
 */
export const contentVersion = pgTable("content_version", {
  id: integer("id").primaryKey().default(1),
  version: bigint("version", { mode: "number" }).notNull().default(0),
  /**
   * Moves with every stock change, sold or restocked, where `version` moves only when a stock band changes (decision
   * 0022): answers that carry exact stock (the catalogue API, the content cache behind it) follow both; pages, which
   * show the band alone, follow `version`.
   */
  stockVersion: bigint("stock_version", { mode: "number" }).notNull().default(0),
});

/**
 * The rows the demo shop's seed made, by kind and id (decision 0067): what "Remove the demo content" removes, so a row
 * the owner made is never taken for the demo's, whatever its handle or code. A marker goes with its row's removal.
 */
export const demoContent = pgTable(
  "demo_content",
  {
    storeId: storeId(),
    kind: text("kind", { enum: DEMO_CONTENT_KINDS }).notNull(),
    rowId: integer("row_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.kind, t.rowId] }),
    check("demo_content_kind_known", sql`${t.kind} in ('product', 'bundle', 'collection', 'discount', 'review', 'testimonial', 'blog_post')`),
  ],
);

// ---------------------------------------------------------------- catalogue

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    handle: text("handle").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** Attribute values of all variants ("Green XL ..."), kept by the catalogue so search can weigh them. */
    attributeText: text("attribute_text").notNull().default(""),
    /** The variants' attribute names in the order the shop shows them: jsonb keeps an object's keys in its own order. */
    attributeNames: text("attribute_names").array().notNull().default(sql`'{}'::text[]`),
    /** Only `active` products reach shoppers: listed, searchable, in the sitemap, on their page. */
    status: text("status", { enum: PRODUCT_STATUSES }).notNull().default("active"),
    vendor: text("vendor").notNull().default(""),
    productType: text("product_type").notNull().default(""),
    /** A built-in class (core/tax.ts: standard, reduced, exempt) or the key of one of the store's tax_classes. */
    taxClass: text("tax_class").notNull().default("standard"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    seoTitle: text("seo_title").notNull().default(""),
    seoDescription: text("seo_description").notNull().default(""),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('simple', coalesce("attribute_text", '')), 'B') || setweight(to_tsvector('english', coalesce("description", '')), 'C')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("products_store_handle_uq").on(t.storeId, t.handle),
    check("products_status_known", sql`${t.status} in ('draft', 'active', 'archived')`),
    // fastupdate off: an insert updates the index at once instead of appending to a pending list that every
    // search then reads in full. Only VACUUM or a list past 4 MB (some ten thousand products) empties that list,
    // and PGlite never vacuums; catalogue writes are rare, so they pay rather than every search.
    index("products_search_vector_idx").using("gin", t.searchVector).with({ fastupdate: false }),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    /** Shown on hover on product cards. */
    isHover: boolean("is_hover").notNull().default(false),
    position: integer("position").notNull().default(0),
    /** Required of every picture before its product is published, so shop pages stay accessible. */
    altText: text("alt_text").notNull().default(""),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position)],
);

export const variants = pgTable(
  "variants",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sku: text("sku").notNull(),
    attributes: jsonb("attributes").$type<Record<string, string>>().notNull().default({}),
    priceCents: integer("price_cents").notNull(),
    description: text("description").notNull().default(""),
    stock: integer("stock").notNull().default(0),
    position: integer("position").notNull().default(0),
    /** Shown struck through beside the price when higher than it. */
    compareAtCents: integer("compare_at_cents"),
    /** The low-stock digest and the admin flag a variant at or below this; null leaves it unwatched. */
    lowStockThreshold: integer("low_stock_threshold"),
    weightGrams: integer("weight_grams"),
    /** The variant's own picture, one of its product's; shown when the shopper picks the variant. */
    imageId: integer("image_id").references(() => productImages.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("variants_store_sku_uq").on(t.storeId, t.sku),
    // SKUs are one whatever their case: the product editor and the import look them up lower-cased.
    index("variants_store_lower_sku_idx").on(t.storeId, sql`lower(${t.sku})`),
    // The dashboard's low stock, emptiest first: walked in order and stopped at its tenth, not sorted whole.
    index("variants_store_stock_idx").on(t.storeId, t.stock, t.sku),
    check("variants_compare_at_non_negative", sql`${t.compareAtCents} >= 0`),
    check("variants_low_stock_threshold_non_negative", sql`${t.lowStockThreshold} >= 0`),
    check("variants_weight_non_negative", sql`${t.weightGrams} >= 0`),
    index("variants_product_idx").on(t.productId, t.position),
    check("variants_stock_non_negative", sql`${t.stock} >= 0`),
    check("variants_price_non_negative", sql`${t.priceCents} >= 0`),
  ],
);

/** A product's earlier handles: its old address answers with a 301 to the current one. */
export const productHandleRedirects = pgTable(
  "product_handle_redirects",
  {
    storeId: storeId(),
    handle: text("handle").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.handle] }), index("product_handle_redirects_product_idx").on(t.productId)],
);

/**
 * Every change to a variant's stock, with its reason and who made it: the variant's history. Written in the same
 * transaction as the change (server/catalog/stock.ts), so the history and the stock never disagree.
 */
export const stockAdjustments = pgTable(
  "stock_adjustments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    storeId: storeId(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    stockAfter: integer("stock_after").notNull(),
    reason: text("reason", { enum: STOCK_REASONS }).notNull(),
    note: text("note").notNull().default(""),
    /** A staff member, a token's name, 'command line', 'checkout' or 'import': who, even after an account is gone. */
    actorLabel: text("actor_label").notNull(),
    orderId: integer("order_id"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stock_adjustments_variant_idx").on(t.variantId, t.id),
    check("stock_adjustments_reason_known", sql`${t.reason} in ('received', 'sold', 'returned', 'damaged', 'correction')`),
    check("stock_adjustments_stock_after_non_negative", sql`${t.stockAfter} >= 0`),
  ],
);

export const subscriptionOptions = pgTable(
  "subscription_options",
  {
    id: text("id").primaryKey(),
    storeId: storeId(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    interval: integer("interval").notNull(),
    intervalUnit: text("interval_unit", { enum: ["day", "week", "month", "year"] }).notNull(),
  },
  (t) => [
    index("subscription_options_variant_idx").on(t.variantId),
    check("subscription_interval_positive", sql`${t.interval} > 0`),
  ],
);

export const bundles = pgTable(
  "bundles",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    handle: text("handle").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    imageUrls: jsonb("image_urls").$type<string[]>().notNull().default([]),
    /** Quantity of each variant sku the bundle contains. */
    skuToQuantity: jsonb("sku_to_quantity").$type<Record<string, number>>().notNull().default({}),
    /** Standalone bundles are sold on their own page only, never listed on a product page. */
    isStandalone: boolean("is_standalone").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bundles_store_handle_uq").on(t.storeId, t.handle),
    // The expression keyword search matches bundles by (catalog/search.ts), so search reads the index, not every
    // bundle's title; fastupdate off for the reason given on products.
    index("bundles_title_search_idx").using("gin", sql`to_tsvector('english', ${t.title})`).with({ fastupdate: false }),
  ],
);

export const bundleProducts = pgTable(
  "bundle_products",
  {
    bundleId: integer("bundle_id")
      .notNull()
      .references(() => bundles.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    storeId: storeId(),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.productId] }), index("bundle_products_product_idx").on(t.productId)],
);

/**
 * The words of the store's product titles, attribute values and bundle titles (4+ letters), filled by database
 * triggers. Typo-tolerant search looks a misspelled word up here by trigram similarity, then searches the
 * catalogue for the corrected word, so typos cost a lookup in a small vocabulary rather than a scan of products.
 */
export const searchTerms = pgTable(
  "search_terms",
  {
    storeId: storeId(),
    term: text("term").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.term] }),
    // No pending list, as for products_search_vector_idx.
    index("search_terms_term_trgm_idx").using("gin", sql`${t.term} gin_trgm_ops`).with({ fastupdate: false }),
  ],
);

export const collections = pgTable(
  "collections",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    handle: text("handle").notNull(),
    title: text("title").notNull(),
    featured: boolean("featured").notNull().default(false),
  },
  (t) => [uniqueIndex("collections_store_handle_uq").on(t.storeId, t.handle)],
);

export const collectionProducts = pgTable(
  "collection_products",
  {
    collectionId: integer("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    storeId: storeId(),
    position: integer("position").notNull().default(0),
  },
  // By position: a collection's page reads its members in order, and a product joining takes the place after the last.
  (t) => [primaryKey({ columns: [t.collectionId, t.productId] }), index("collection_products_position_idx").on(t.collectionId, t.position)],
);

export const collectionBundles = pgTable(
  "collection_bundles",
  {
    collectionId: integer("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    bundleId: integer("bundle_id")
      .notNull()
      .references(() => bundles.id, { onDelete: "cascade" }),
    storeId: storeId(),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.bundleId] })],
);

// ---------------------------------------------------------------- reviews and testimonials

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    reviewerName: text("reviewer_name").notNull(),
    reviewerEmail: text("reviewer_email"),
    rating: integer("rating").notNull(),
    description: text("description").notNull(),
    verified: boolean("verified").notNull().default(false),
    response: text("response"),
    /** Off the shop, whether held for approval or hidden by the owner: the one flag every shop read checks. */
    hidden: boolean("hidden").notNull().default(false),
    /** Written while the shop holds reviews for approval and not yet published or hidden by the owner ("new"). */
    awaitingApproval: boolean("awaiting_approval").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("reviews_product_idx").on(t.productId, t.createdAt),
    uniqueIndex("reviews_order_product_uq").on(t.orderId, t.productId),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_held_are_hidden", sql`not ${t.awaitingApproval} or ${t.hidden}`),
  ],
);

export const testimonials = pgTable("testimonials", {
  id: serial("id").primaryKey(),
  storeId: storeId(),
  title: text("title").notNull(),
  mainReview: text("main_review").notNull(),
  rating: integer("rating").notNull().default(5),
  name: text("name").notNull(),
  position: integer("position").notNull().default(0),
});

// ---------------------------------------------------------------- content

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    author: text("author").notNull(),
    /** The date the blog shows: set again when a draft is first published (server/content/content-editor.ts). */
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    /** Only `published` posts reach shoppers: the blog, their page, the sitemap. */
    status: text("status", { enum: CONTENT_STATUSES }).notNull().default("published"),
    image: text("image"),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("blog_posts_store_slug_uq").on(t.storeId, t.slug)],
);

export const blogSections = pgTable(
  "blog_sections",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    heading: text("heading"),
    content: text("content").notNull(),
  },
  (t) => [index("blog_sections_post_idx").on(t.postId, t.position)],
);

export const pages = pgTable(
  "pages",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    name: text("name").notNull(),
    title: text("title").notNull(),
    image: text("image"),
    /** Only `published` pages reach shoppers: their page, /data/{name}.json, the sitemap. */
    status: text("status", { enum: CONTENT_STATUSES }).notNull().default("published"),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("pages_store_name_uq").on(t.storeId, t.name)],
);

export const pageSections = pgTable(
  "page_sections",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    pageId: integer("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    subheading: text("subheading"),
    content: text("content").notNull(),
  },
  (t) => [index("page_sections_page_idx").on(t.pageId, t.position)],
);

// ---------------------------------------------------------------- pricing rules

export const discounts = pgTable(
  "discounts",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    code: text("code").notNull(),
    /** Whole percent off the order total; when null the fixed `amount_cents` applies. */
    percentage: integer("percentage"),
    maxRedeemableCents: integer("max_redeemable_cents"),
    amountCents: integer("amount_cents"),
    maxRedemptions: integer("max_redemptions").notNull().default(1),
    redemptions: integer("redemptions").notNull().default(0),
    freeShipping: boolean("free_shipping").notNull().default(false),
    /** Set for single-customer codes such as the welcome discount: only this email may redeem it. */
    restrictedToEmail: text("restricted_to_email"),
    /** The store's welcome-popup discount, the template for per-email welcome codes. */
    isPopup: boolean("is_popup").notNull().default(false),
    /** Paused codes may be resumed; an ended code stays ended (the owner makes a new one). */
    status: text("status", { enum: ["active", "paused", "ended"] }).notNull().default("active"),
    /**
     * The first and the last day the code works (null: at once; no end), calendar days of the shop's time zone: it
     * starts at the shop's midnight beginning the first and ends at the one ending the last (decision 0068).
     */
    startsOn: date("starts_on", { mode: "string" }),
    endsOn: date("ends_on", { mode: "string" }),
    /** The goods (before the discount) must reach this many cents; null: any order. */
    minimumSubtotalCents: integer("minimum_subtotal_cents"),
    /** One paid order per email address with this code. */
    oncePerCustomer: boolean("once_per_customer").notNull().default(false),
    /** A subscription bought with this code keeps it on every renewal (a recurring discount), not on its first order alone. */
    appliesToRenewals: boolean("applies_to_renewals").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("discounts_store_code_uq").on(t.storeId, sql`lower(${t.code})`),
    check("discounts_redemptions_non_negative", sql`${t.redemptions} >= 0`),
  ],
);

export const shippingOptions = pgTable(
  "shipping_options",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    /** Public id used by the API (`shipping_option_id`). */
    key: text("key").notNull(),
    name: text("name").notNull(),
    additionalInformation: text("additional_information").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    /** Free when the goods after discount reach this many cents; null means never free. */
    freeShippingThresholdCents: integer("free_shipping_threshold_cents"),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("shipping_options_store_key_uq").on(t.storeId, t.key)],
);

export const taxRates = pgTable(
  "tax_rates",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    country: text("country").notNull().default("US"),
    region: text("region").notNull(),
    /** Rate in basis points: 725 is 7.25 %. */
    rateBasisPoints: integer("rate_basis_points").notNull(),
    taxesShipping: boolean("taxes_shipping").notNull().default(false),
  },
  (t) => [uniqueIndex("tax_rates_store_region_uq").on(t.storeId, t.country, t.region)],
);

/** The tax classes the owner names beside the built-in standard, reduced and exempt (core/tax.ts); products name one by key. */
export const taxClasses = pgTable(
  "tax_classes",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    /** Made from the name when the class is created, then kept: what products and the API name it by. */
    key: text("key").notNull(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("tax_classes_store_key_uq").on(t.storeId, t.key), uniqueIndex("tax_classes_store_name_uq").on(t.storeId, sql`lower(${t.name})`)],
);

/**
 * A region's rate for a class other than standard (the region's own rate) and exempt (always 0); a class without
 * one here is taxed at the region's standard rate. Goes with its region's rate.
 */
export const taxClassRates = pgTable(
  "tax_class_rates",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    taxRateId: integer("tax_rate_id")
      .notNull()
      .references(() => taxRates.id, { onDelete: "cascade" }),
    taxClass: text("tax_class").notNull(),
    /** Rate in basis points: 100 is 1 %. */
    rateBasisPoints: integer("rate_basis_points").notNull(),
  },
  (t) => [uniqueIndex("tax_class_rates_rate_class_uq").on(t.taxRateId, t.taxClass), check("tax_class_rates_rate_non_negative", sql`${t.rateBasisPoints} >= 0`)],
);

// ---------------------------------------------------------------- customers and carts

export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    email: text("email").notNull(),
    emailNormalized: text("email_normalized").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** Opted in to one email when a product on their wishlist gets cheaper (at most one a week per product). */
    priceDropAlerts: boolean("price_drop_alerts").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("customers_store_email_uq").on(t.storeId, t.emailNormalized),
    // The customers list's pages take the accounts newest first (server/customers/desk.ts).
    index("customers_store_created_idx").on(t.storeId, t.createdAt.desc(), t.emailNormalized),
    // Its search by part of an email or a name.
    index("customers_email_trgm_idx").using("gin", sql`${t.emailNormalized} gin_trgm_ops`),
    index("customers_name_trgm_idx").using("gin", sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
  ],
);

/**
 * What staff keep about a customer (decision 0053): notes and tags, one row per store and normalised email, made the
 * first time staff write one. Keyed by email, not by account, so a guest's notes stay theirs when they sign up.
 */
export const customerProfiles = pgTable(
  "customer_profiles",
  {
    storeId: storeId(),
    emailNormalized: text("email_normalized").notNull(),
    notes: text("notes").notNull().default(""),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.emailNormalized] })],
);

/**
 * Each customer's placed orders rolled up (decision 0078), by the email that owns them (ownerEmail): kept in the
 * transaction of every change that moves them (server/orders/customer-figures.ts), so the customers list reads one row
 * a customer instead of summing every order of the shop. A customer without a placed order has no row.
 */
export const customerFigures = pgTable(
  "customer_figures",
  {
    storeId: storeId(),
    emailKey: text("email_key").notNull(),
    orderCount: integer("order_count").notNull().default(0),
    /** Revenue of their orders (server/orders/revenue.ts). */
    spentCents: bigint("spent_cents", { mode: "number" }).notNull().default(0),
    firstOrderAt: timestamp("first_order_at", { withTimezone: true }),
    lastOrderAt: timestamp("last_order_at", { withTimezone: true }),
    /** The smallest number of their orders: a guest's address on the desk. */
    firstNumber: integer("first_number"),
    /** The email and name of their latest order. */
    email: text("email").notNull().default(""),
    name: text("name").notNull().default(""),
  },
  // The customers list's pages take each customer's latest order newest first (server/customers/desk.ts).
  (t) => [
    primaryKey({ columns: [t.storeId, t.emailKey] }),
    index("customer_figures_store_last_order_idx").on(t.storeId, t.lastOrderAt.desc(), t.emailKey),
    // Its search by part of an email or a name.
    index("customer_figures_email_trgm_idx").using("gin", sql`${t.emailKey} gin_trgm_ops`),
    index("customer_figures_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie's token, so a database leak does not leak live sessions. */
    idHash: text("id_hash").primaryKey(),
    storeId: storeId(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_customer_idx").on(t.customerId)],
);

export const passwordResetTokens = pgTable("password_reset_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  storeId: storeId(),
  customerId: integer("customer_id")
    .notNull()
    .references(() => customers.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: createdAt(),
});

export const carts = pgTable(
  "carts",
  {
    /** Random id carried by the guest's httpOnly cookie. */
    id: text("id").primaryKey(),
    storeId: storeId(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    discountCode: text("discount_code"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("carts_customer_idx").on(t.storeId, t.customerId)],
);

export const cartLines = pgTable(
  "cart_lines",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    cartId: text("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["product", "bundle"] }).notNull(),
    sku: text("sku"),
    subscriptionId: text("subscription_id"),
    bundleId: integer("bundle_id"),
    /** For bundle lines: the chosen variant sku of each product handle. */
    selectedVariants: jsonb("selected_variants").$type<Record<string, string>>(),
    quantity: integer("quantity").notNull(),
    /** Unit price the shopper was last shown, so a later price change can be pointed out when the cart loads. */
    unitPriceCents: integer("unit_price_cents"),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("cart_lines_cart_idx").on(t.cartId, t.position),
    check("cart_lines_quantity_range", sql`${t.quantity} between 1 and 99`),
  ],
);

/**
 * A saved product: a customer's, or a guest's kept with their cart cookie (the cart id) until sign-in moves it to the
 * account. `priceSeenCents` is the lowest price the owner of the row was last shown or told, so a price-drop email
 * goes out only for a price below it.
 */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    guestCartId: text("guest_cart_id"),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    priceSeenCents: integer("price_seen_cents").notNull(),
    priceAlertSentAt: timestamp("price_alert_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("wishlist_items_one_owner", sql`(${t.customerId} is null) <> (${t.guestCartId} is null)`),
    uniqueIndex("wishlist_items_customer_product_uq").on(t.customerId, t.productId).where(sql`${t.customerId} is not null`),
    uniqueIndex("wishlist_items_guest_product_uq").on(t.guestCartId, t.productId).where(sql`${t.guestCartId} is not null`),
    index("wishlist_items_product_idx").on(t.storeId, t.productId),
  ],
);

// ---------------------------------------------------------------- orders and payments

export type PostalAddress = {
  name: string;
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  postal_code: string;
  country: string;
};

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    /** Shop-facing order number, given only once the order is paid. */
    number: integer("number"),
    // The lifecycle's states and moves: core/order-lifecycle.ts.
    status: text("status", { enum: ORDER_STATES })
      .notNull()
      .default("pending"),
    email: text("email").notNull(),
    customerName: text("customer_name").notNull(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    shippingAddress: jsonb("shipping_address").$type<PostalAddress>().notNull(),
    shippingOptionKey: text("shipping_option_key").notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    shippingCents: integer("shipping_cents").notNull().default(0),
    taxCents: integer("tax_cents").notNull().default(0),
    /** The rate the shipping was taxed at, kept as the lines keep theirs (decision 0063); null: shipping was not taxed. */
    shippingTaxRateBasisPoints: integer("shipping_tax_rate_basis_points"),
    totalCents: integer("total_cents").notNull(),
    discountCode: text("discount_code"),
    /** One per checkout attempt, so a double submit or a replay never makes a second order. */
    idempotencyKey: text("idempotency_key").notNull(),
    paymentProvider: text("payment_provider").notNull(),
    paymentReference: text("payment_reference"),
    /** The server cart the order was checked out from; a cart has at most one pending order at a time. */
    cartId: text("cart_id"),
    /** Stock held for this order is given back when it is still unpaid at this time. */
    reservationExpiresAt: timestamp("reservation_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    fulfilledAt: timestamp("fulfilled_at", { withTimezone: true }),
    /** What the staff said when shipping: the carrier (its tracking link, when known) and the parcel's number. */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** When the order's stock went back to the shelf; set once, so a refund after a cancel never restocks twice. */
    restockedAt: timestamp("restocked_at", { withTimezone: true }),
    /**
     * Where the analytics visit the order was placed in came from (decision 0065), copied at checkout so the traffic
     * report keeps it after the raw analytics expire; null when no visit was recorded (Do Not Track, a renewal, a
     * draft, an order older than sources).
     */
    visitSource: jsonb("visit_source").$type<VisitSource>(),
  },
  (t) => [
    uniqueIndex("orders_store_number_uq").on(t.storeId, t.number),
    uniqueIndex("orders_idempotency_uq").on(t.storeId, t.idempotencyKey),
    index("orders_payment_reference_idx").on(t.paymentReference),
    index("orders_customer_idx").on(t.storeId, t.customerId),
    // A customer is their email (decision 0053): their orders are found by it, whatever case it was typed in.
    index("orders_email_idx").on(t.storeId, sql`lower(btrim(${t.email}))`),
    index("orders_reservation_idx").on(t.status, t.reservationExpiresAt),
    // A code's usage and revenue, and once-per-customer, are counted from its orders.
    index("orders_discount_code_idx").on(t.storeId, sql`lower(${t.discountCode})`).where(sql`${t.discountCode} is not null`),
    uniqueIndex("orders_pending_cart_uq").on(t.storeId, t.cartId).where(sql`${t.status} = 'pending' and ${t.cartId} is not null`),
    // The tax report reads a range of months by the moment each order was paid.
    index("orders_store_paid_idx").on(t.storeId, t.paidAt).where(sql`${t.paidAt} is not null`),
    // A cart's paid orders: the checkout asks on every session it opens, the cart reminders' report for every reminder
    // restored (issue 38: 65 ms a checkout and 19 s a report on a shop of 200,000 orders without it).
    index("orders_store_cart_idx").on(t.storeId, t.cartId).where(sql`${t.cartId} is not null`),
    // The orders desk's search is one OR of the number, part of the email and part of the name (server/orders/desk.ts):
    // each arm needs an index of its own for the planner to combine them, the number's without the store before it.
    index("orders_number_idx").on(t.number),
    index("orders_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    index("orders_customer_name_trgm_idx").using("gin", sql`${t.customerName} gin_trgm_ops`),
    // The ids of the orders placed in a range of days, read once per CSV of the desk's list (server/orders/desk.ts).
    index("orders_store_created_idx").on(t.storeId, t.createdAt),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["product", "bundle"] }).notNull(),
    title: text("title").notNull(),
    productHandle: text("product_handle"),
    sku: text("sku"),
    bundleId: integer("bundle_id"),
    subscriptionId: text("subscription_id"),
    attributes: jsonb("attributes").$type<Record<string, string>>(),
    /** Stock taken per unit of this line (one sku for products, the bundle's contents for bundles). */
    stockComponents: jsonb("stock_components").$type<Record<string, number>>().notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    lineTotalCents: integer("line_total_cents").notNull(),
    /**
     * The line's share of the order's discount (a code's or staff's; an exchange's credit is not one): the line was
     * taxed on its total less this.
     */
    discountCents: integer("discount_cents").notNull().default(0),
    /**
     * The rate the line was taxed at when priced, by its product's class and the ship-to region (decision 0063), so a
     * later rate change never rewrites the order; 0 for an exempt line; null where the shop did not collect, or the
     * rate is not known (a line from before rates were kept whose tax no rate of today explains).
     */
    taxRateBasisPoints: integer("tax_rate_basis_points"),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId)],
);

/** An order as an edit found it or left it: its lines, totals, address and shipping option. */
export type OrderEditSnapshot = {
  lines: { sku: string | null; title: string; kind: "product" | "bundle"; quantity: number; unitPriceCents: number; lineTotalCents: number }[];
  subtotalCents: number;
  discountCents: number;
  discountCode: string | null;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  shippingAddress: PostalAddress;
  shippingOptionKey: string;
};

/**
 * A change staff made to a paid order before it shipped (decision 0058): what it was and became, the difference the
 * customer was refunded or asked to pay, the changes in words (the timeline's and the customer's email), and who.
 */
export const orderEdits = pgTable(
  "order_edits",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    actorLabel: text("actor_label").notNull(),
    before: jsonb("before").$type<OrderEditSnapshot>().notNull(),
    after: jsonb("after").$type<OrderEditSnapshot>().notNull(),
    /** After less before: above 0 the customer owes it, below 0 it is refunded. */
    differenceCents: integer("difference_cents").notNull(),
    changes: jsonb("changes").$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_edits_order_idx").on(t.orderId, t.id)],
);

/**
 * A subscription as the shop keeps it (decision 0052): who receives it, where, what, how often and when next, started
 * by its first paid order. The provider holds only the card and the charges; the schedule and every change are here.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    firstOrderId: integer("first_order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    customerName: text("customer_name").notNull(),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("active"),
    interval: integer("interval").notNull(),
    intervalUnit: text("interval_unit", { enum: INTERVAL_UNITS }).notNull(),
    shippingAddress: jsonb("shipping_address").$type<PostalAddress>().notNull(),
    shippingOptionKey: text("shipping_option_key").notNull(),
    paymentProvider: text("payment_provider").notNull(),
    /** The provider's subscription: the first order's payment reference. */
    paymentReference: text("payment_reference").notNull(),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /** The first order's code when it discounts renewals too: each cycle's quote takes it off while the code is not ended. */
    discountCode: text("discount_code"),
    nextRenewalAt: timestamp("next_renewal_at", { withTimezone: true }).notNull(),
    /** A pause with an end resumes itself then; a pause without one waits for the subscriber. */
    pausedUntil: timestamp("paused_until", { withTimezone: true }),
    /** The renewal date the last reminder was sent for, so each renewal is reminded once. */
    remindedFor: timestamp("reminded_for", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscriptions_first_order_uq").on(t.firstOrderId),
    index("subscriptions_due_idx").on(t.status, t.nextRenewalAt),
    index("subscriptions_store_idx").on(t.storeId, t.id),
    index("subscriptions_reference_idx").on(t.paymentProvider, t.paymentReference),
    check("subscriptions_interval_positive", sql`${t.interval} > 0`),
  ],
);

/** What each delivery holds: a variant on one of its product's plans. */
export const subscriptionLines = pgTable(
  "subscription_lines",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    sku: text("sku").notNull(),
    subscriptionOptionId: text("subscription_option_id").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [index("subscription_lines_subscription_idx").on(t.subscriptionId), check("subscription_lines_quantity_range", sql`${t.quantity} between 1 and 99`)],
);

/**
 * One billing cycle of a subscription, claimed before it is charged: the unique cycle makes one charge and one order
 * per cycle whichever instance runs the renewals, and it keeps the quote the charge was made for.
 */
export const subscriptionRenewals = pgTable(
  "subscription_renewals",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: ["charging", "paid", "declined", "failed"] }).notNull(),
    /** The quote charged: the lines as priced and the totals, which the renewal's order copies. */
    quote: jsonb("quote").$type<RenewalQuote>(),
    /** The provider's payment of this cycle: the renewal order's payment reference. */
    paymentReference: text("payment_reference"),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    declines: integer("declines").notNull().default(0),
    firstDeclinedAt: timestamp("first_declined_at", { withTimezone: true }),
    retryAt: timestamp("retry_at", { withTimezone: true }),
    failureMessage: text("failure_message"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscription_renewals_cycle_uq").on(t.subscriptionId, t.dueAt),
    index("subscription_renewals_payment_idx").on(t.paymentReference),
    index("subscription_renewals_retry_idx").on(t.status, t.retryAt),
  ],
);

export type RenewalQuote = {
  /** Each with its tax (discountCents, taxRateBasisPoints), but in a quote stored before lines kept theirs. */
  lines: Omit<typeof orderLines.$inferInsert, "id" | "storeId" | "orderId">[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  /** Absent from a quote stored before orders kept it. */
  shippingTaxRateBasisPoints?: number | null;
  totalCents: number;
};

/** A subscription's story: each change, renewal and email, and who made it. */
export const subscriptionEvents = pgTable(
  "subscription_events",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    text: text("text").notNull(),
    actorLabel: text("actor_label").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("subscription_events_subscription_idx").on(t.subscriptionId, t.id)],
);

/** What staff wrote on an order, for each other; the customer never sees it. */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The staff email or token name, kept as text so the note still says who after the account is gone. */
    authorLabel: text("author_label").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_notes_order_idx").on(t.orderId, t.id)],
);

export const checkoutSessions = pgTable("checkout_sessions", {
  id: text("id").primaryKey(),
  storeId: storeId(),
  cartId: text("cart_id"),
  items: jsonb("items").$type<unknown[]>().notNull(),
  costCents: integer("cost_cents").notNull(),
  orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
  /** The provider payment made for this checkout, created once and reused by every later call. */
  paymentReference: text("payment_reference"),
  createdAt: createdAt(),
});

export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    status: text("status").notNull(),
    amountCents: integer("amount_cents").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("payments_provider_id_uq").on(t.provider, t.providerPaymentId)],
);

/**
 * A refund the shop owes, recorded before the provider is asked, so a provider that is down or a crash in between
 * never loses it: it is retried until the provider confirms it (the idempotency key makes each retry the same refund).
 */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    paymentReference: text("payment_reference").notNull(),
    /** Null: the payment's whole amount. */
    amountCents: integer("amount_cents"),
    /** The edit that lowered the order's total by this refund: part of the new price, not a refund of the order. */
    orderEditId: integer("order_edit_id").references(() => orderEdits.id, { onDelete: "set null" }),
    /** The order's tax this refund gave back, worked out when it was owed (decision 0063): the tax report's returned tax. */
    taxCents: integer("tax_cents").notNull().default(0),
    reason: text("reason").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    status: text("status", { enum: ["owed", "succeeded"] }).notNull().default("owed"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    providerRefundId: text("provider_refund_id"),
    createdAt: createdAt(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("refunds_idempotency_uq").on(t.idempotencyKey),
    index("refunds_status_idx").on(t.status),
    // Revenue (server/orders/revenue.ts) subtracts each order's refunds: every report and the dashboard look them up
    // by order, once per order they sum.
    index("refunds_order_idx").on(t.orderId),
  ],
);

/**
 * An amount a placed or draft order asks its customer to pay (decision 0057): the balance an edit or an exchange
 * left, or a draft's whole total. Paid once, by the card payment its link starts (`paymentReference`, made with the
 * link's own idempotency key) or marked paid another way by staff; an open link a later change replaces is cancelled.
 */
export const paymentLinks = pgTable(
  "payment_links",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: PAYMENT_LINK_PURPOSES }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: PAYMENT_LINK_STATUSES }).notNull().default("open"),
    /** The provider payment the link's page started, made once and reused by every visit. */
    paymentReference: text("payment_reference"),
    /** How it was paid: "card", or what staff said of a payment taken another way. */
    paidWith: text("paid_with"),
    note: text("note"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    index("payment_links_order_idx").on(t.orderId),
    uniqueIndex("payment_links_open_uq").on(t.orderId).where(sql`${t.status} = 'open'`),
    uniqueIndex("payment_links_payment_uq").on(t.paymentReference),
  ],
);

/**
 * A return of some of a shipped order's units (decision 0056); its states and moves are core/returns.ts. The units
 * of all of an order's returns that are not declined never add up to more than was bought: checked under the order's
 * row lock. The timestamps are the return's story on the order's timeline.
 */
export const returns = pgTable(
  "returns",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: RETURN_STATES }).notNull().default("requested"),
    reason: text("reason", { enum: RETURN_REASON_KEYS }).notNull(),
    /** What the customer (or staff) wrote beside the reason. */
    note: text("note").notNull().default(""),
    /** The owner's words when declining, which the customer reads. */
    declineNote: text("decline_note"),
    /** 'customer', or the staff member's label who created it from the order. */
    requestedBy: text("requested_by").notNull(),
    refundedCents: integer("refunded_cents"),
    refundedShipping: boolean("refunded_shipping").notNull().default(false),
    /** The new order an exchange made, and what it left the customer owing (0: nothing). */
    exchangeOrderId: integer("exchange_order_id").references(() => orders.id, { onDelete: "set null" }),
    owedCents: integer("owed_cents").notNull().default(0),
    /**
     * The tax of the returned units' worth an exchange carried onto its new order as credit (decision 0063): the new
     * order charges it again, so the tax report counts it returned.
     */
    creditTaxCents: integer("credit_tax_cents").notNull().default(0),
    createdAt: createdAt(),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    index("returns_order_idx").on(t.orderId, t.id),
    index("returns_store_created_idx").on(t.storeId, t.createdAt),
    check("returns_refunded_non_negative", sql`${t.refundedCents} >= 0`),
    check("returns_owed_non_negative", sql`${t.owedCents} >= 0`),
  ],
);

export const returnLines = pgTable(
  "return_lines",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    returnId: integer("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** Set when received: whether its units went back on the shelf. */
    restocked: boolean("restocked"),
    /** The variant an exchange sent in its place. */
    exchangeSku: text("exchange_sku"),
  },
  (t) => [
    index("return_lines_return_idx").on(t.returnId),
    index("return_lines_order_line_idx").on(t.orderLineId),
    check("return_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/**
 * The next number of each kind of invoice document, per store (decision 0055): taken by an update of this row in the
 * transaction that records the document, so two instances wait for each other and a rolled-back payment takes none.
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    storeId: storeId(),
    kind: text("kind", { enum: INVOICE_KINDS }).notNull(),
    next: integer("next").notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.kind] })],
);

/**
 * Invoices (one current per paid order) and credit notes (one per refund, and one for each invoice an edit replaced),
 * their figures frozen when issued, so a later change to the order, the shop's legal details or a product never
 * rewrites a document the customer has.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    kind: text("kind", { enum: INVOICE_KINDS }).notNull(),
    number: integer("number").notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    /** A credit note's refund; null for an invoice. */
    refundId: integer("refund_id").references(() => refunds.id),
    totalCents: integer("total_cents").notNull(),
    figures: jsonb("figures").$type<InvoiceDocumentFigures>().notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    /** When an edit of the order replaced this invoice with a new one (and a credit note cancelled it); null while current. */
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("invoices_store_kind_number_uq").on(t.storeId, t.kind, t.number),
    uniqueIndex("invoices_order_current_invoice_uq").on(t.orderId).where(sql`${t.kind} = 'invoice' and ${t.replacedAt} is null`),
    uniqueIndex("invoices_refund_uq").on(t.refundId),
  ],
);

/**
 * The simulated provider's own ledger, standing in for what Stripe keeps on its side: in the database, so a payment
 * outlives a restart and any instance can confirm it. It belongs to the provider, not to a store.
 */
export const simulatedPayments = pgTable("simulated_payments", {
  id: text("id").primaryKey(),
  clientSecret: text("client_secret").notNull(),
  status: text("status").notNull(),
  amountCents: integer("amount_cents").notNull(),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
  failureMessage: text("failure_message"),
  idempotencyKey: text("idempotency_key").notNull().unique("simulated_payments_idempotency_uq"),
  /** The card a subscription's payment was made with, kept to charge its renewals, as a provider keeps a customer's card. */
  savedCard: jsonb("saved_card").$type<{ brand: string; last4: string; chargeDecline: string | null }>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const simulatedRefunds = pgTable("simulated_refunds", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  id: text("id").notNull(),
  paymentId: text("payment_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  createdAt: createdAt(),
});

/** Every provider event handled, so a replayed webhook changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  storeId: storeId(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- engagement

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    email: text("email").notNull(),
    emailNormalized: text("email_normalized").notNull(),
    source: text("source", { enum: ["footer", "popup"] }).notNull(),
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull(),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("newsletter_store_email_uq").on(t.storeId, t.emailNormalized)],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    name: text("name").notNull().default(""),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    message: text("message").notNull().default(""),
    /** Where the message stands in the back office's inbox (server/content/contact-inbox.ts). */
    status: text("status", { enum: CONTACT_MESSAGE_STATUSES }).notNull().default("new"),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_inbox_idx").on(t.storeId, t.status, t.id)],
);

/** The shop's answers to a contact message, each mailed to its sender: who wrote it, when, and the mail it went as. */
export const contactReplies = pgTable(
  "contact_replies",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    messageId: integer("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    /** The staff email or token name, as the audit trail names the actor. */
    authorLabel: text("author_label").notNull(),
    body: text("body").notNull(),
    mailId: integer("mail_id").references(() => mailOutbox.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_replies_message_idx").on(t.messageId, t.id)],
);

export const reviewTokens = pgTable(
  "review_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    storeId: storeId(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("review_tokens_order_idx").on(t.orderId)],
);

/**
 * A cart whose shopper asked, at checkout, to be reminded if they did not finish (decision 0037): one row per cart,
 * so at most one reminder per cart ever. The job claims due rows by setting `handledAt`; `skipReason` says why one
 * was not mailed. Its links are signed (server/mail/signed-links.ts), so none is stored. A row with `stoppedAt` means
 * its address asked for no more reminders.
 */
export const cartReminders = pgTable(
  "cart_reminders",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    cartId: text("cart_id").notNull(),
    /** Lower-cased, as the shopper gave it at checkout. */
    email: text("email").notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    skipReason: text("skip_reason", { enum: ["paid", "empty", "stopped"] }),
    restoredAt: timestamp("restored_at", { withTimezone: true }),
    /** The cart the link last filled: an order paid from it after `restoredAt` is the reminder's recovered order. */
    restoredCartId: text("restored_cart_id"),
    stoppedAt: timestamp("stopped_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("cart_reminders_cart_uq").on(t.storeId, t.cartId),
    index("cart_reminders_email_idx").on(t.storeId, t.email),
    index("cart_reminders_due_idx").on(t.consentedAt).where(sql`handled_at is null`),
  ],
);

// ---------------------------------------------------------------- analytics

export const analyticsSessions = pgTable(
  "analytics_sessions",
  {
    id: text("id").primaryKey(),
    storeId: storeId(),
    /** The visitor's network, truncated (IPv4 /24, IPv6 /48): never a full address. */
    networkPrefix: text("network_prefix"),
    userAgent: text("user_agent"),
    cartStatus: text("cart_status", { enum: ["empty", "active", "abandoned", "purchased"] })
      .notNull()
      .default("empty"),
    sessionDurationMs: integer("session_duration_ms"),
    totalViewTime: integer("total_view_time"),
    payload: jsonb("payload"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The shop's day (its time zone then) the visit started: the day its daily totals are counted on, kept so a later
     * change of zone never moves a visit's beacons to another day than its start (decision 0065). Null on visits
     * started before: their UTC day.
     */
    day: date("day", { mode: "string" }),
    /** Where the visit came from (core/traffic-sources.ts); null on visits started before sources were kept. */
    source: jsonb("source").$type<VisitSource>(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("analytics_sessions_store_started_idx").on(t.storeId, t.startedAt),
    index("analytics_sessions_store_updated_idx").on(t.storeId, t.updatedAt),
    // The analytics page's latest sessions that sent a beacon: visits that left before one are many on a big shop.
    index("analytics_sessions_store_beacon_idx").on(t.storeId, t.updatedAt).where(sql`payload is not null`),
  ],
);

export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    storeId: storeId(),
    sessionId: text("session_id")
      .notNull()
      .references(() => analyticsSessions.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    path: text("path"),
    productHandle: text("product_handle"),
    sku: text("sku"),
    query: text("query"),
    data: jsonb("data"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("analytics_events_store_time_idx").on(t.storeId, t.occurredAt),
    index("analytics_events_session_idx").on(t.sessionId),
  ],
);

/**
 * Daily totals the owner's report reads (sessions, page and product views, funnel steps, cart outcomes,
 * searches): kept up to date as beacons arrive, so the report reads a few thousand rows whatever the traffic,
 * and kept after the raw events expire, since they hold nothing about any one visitor.
 */
/**
 * One row per analytics page load that reported its speed (decision 0036): the latest figures its beacons carried,
 * by the page type it began on. Deleted with the rest of the raw analytics (server/analytics/retention.ts).
 */
export const analyticsPageSpeed = pgTable(
  "analytics_page_speed",
  {
    sessionId: text("session_id")
      .notNull()
      .references(() => analyticsSessions.id, { onDelete: "cascade" }),
    /** The page load, as /api/metrics/initialize named it. */
    loadId: text("load_id").notNull(),
    storeId: storeId(),
    pageType: text("page_type", { enum: PAGE_TYPES }).notNull(),
    /** Largest Contentful Paint, Interaction to Next Paint and Time to First Byte in ms; layout shift unitless. */
    lcpMs: doublePrecision("lcp_ms"),
    inpMs: doublePrecision("inp_ms"),
    cls: doublePrecision("cls"),
    ttfbMs: doublePrecision("ttfb_ms"),
    /** The load's first beacon with figures: its day in the report. */
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.loadId] }),
    // The report reads one store's last 28 days, grouped by page type or day.
    index("analytics_page_speed_store_recorded_idx").on(t.storeId, t.recordedAt),
  ],
);

export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    storeId: storeId(),
    /** The shop's day the session started (analytics_sessions.day); the UTC day for rows counted before decision 0065. */
    day: date("day", { mode: "string" }).notNull(),
    /** sessions, source, page, product, funnel, cart_status, search, search_no_results, search_duration */
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    count: integer("count").notNull().default(0),
    /** A sum beside the count, for averages (search seconds). */
    total: doublePrecision("total").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.day, t.kind, t.key] }),
    index("analytics_daily_store_kind_day_idx").on(t.storeId, t.kind, t.day),
  ],
);

// ---------------------------------------------------------------- mail

/** Every email the shop sends; with no SMTP server configured this is the mailbox shown at /dev/mailbox. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    storeId: text("store_id").references(() => stores.id, { onDelete: "cascade" }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    kind: text("kind").notNull(),
    /** Where the recipient's answer goes (a contact message's sender), when not to the shop. */
    replyTo: text("reply_to"),
    /** Headers the message carries on every try (List-Unsubscribe). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** The order a message is about, so the order's timeline lists the emails sent for it. */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** SMTP delivery: tries made, when the next one is due, why the last one failed; failed after the last try. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lastError: text("last_error"),
    failedAt: timestamp("failed_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_outbox_to_idx").on(t.to, t.createdAt),
    index("mail_outbox_due_idx").on(t.sentAt, t.failedAt, t.nextAttemptAt),
    index("mail_outbox_order_idx").on(t.orderId),
  ],
);

/** Files a message carries (an order's invoice), kept with it for every try and listed in the mailbox. */
export const mailAttachments = pgTable(
  "mail_attachments",
  {
    id: serial("id").primaryKey(),
    mailId: integer("mail_id")
      .notNull()
      .references(() => mailOutbox.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    content: bytea("content").notNull(),
  },
  (t) => [index("mail_attachments_mail_idx").on(t.mailId)],
);


// ---------------------------------------------------------------- staff and the audit trail
// None of these is shop content: no content_version trigger, so signing in or auditing keeps every cache warm.

/** Back-office accounts, apart from customers (decision 0026): their own sessions, cookie and roles. */
export const staff = pgTable(
  "staff",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    email: text("email").notNull(),
    emailNormalized: text("email_normalized").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: STAFF_ROLES }).notNull(),
    /** Base32 TOTP secret; kept while enrolment awaits its first code, used once `totpEnabled`. */
    totpSecret: text("totp_secret"),
    totpEnabled: boolean("totp_enabled").notNull().default(false),
    /** Emailed of every paid order, beside the shop's owner address (SHOP_OWNER_EMAIL); each member's own choice. */
    orderNotices: boolean("order_notices").notNull().default(false),
    /** The 30-second step of the last code accepted: a code seen once (over a shoulder, in a log) never works again. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("staff_store_email_uq").on(t.storeId, t.emailNormalized),
    check("staff_role_known", sql`${t.role} in ('owner', 'manager', 'fulfilment')`),
  ],
);

/** What the owner decides for every staff account of the store. */
export const staffPolicies = pgTable("staff_policies", {
  storeId: text("store_id")
    .primaryKey()
    .references(() => stores.id, { onDelete: "cascade" }),
  /** Every staff sign-in needs an authenticator code; staff without one enrol before anything else. */
  totpRequired: boolean("totp_required").notNull().default(false),
  updatedAt: updatedAt(),
});

export const staffSessions = pgTable(
  "staff_sessions",
  {
    /** SHA-256 of the cookie's token, so a database leak does not leak live sessions. */
    idHash: text("id_hash").primaryKey(),
    storeId: storeId(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** The idle timeout slides from here. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end, however busy the session. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId)],
);

/**
 * Backup codes of a member's two-step sign-in (decision 0070): each stands in for an authenticator code once. Only
 * their scrypt hashes are kept; a new set deletes the old one, so a voided code is gone, not merely marked.
 */
export const staffBackupCodes = pgTable(
  "staff_backup_codes",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("staff_backup_codes_staff_idx").on(t.staffId)],
);

/** One-time links to choose a new staff password, valid for an hour; only the token's SHA-256 is kept. */
export const staffPasswordResets = pgTable(
  "staff_password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    storeId: storeId(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("staff_password_resets_staff_idx").on(t.staffId, t.createdAt)],
);

/** One-time links that create the store's first owner; only the token's SHA-256 is kept. */
export const staffSetupLinks = pgTable("staff_setup_links", {
  tokenHash: text("token_hash").primaryKey(),
  storeId: storeId(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/** Bearer tokens for scripts, each acting with one role; shown once, kept as SHA-256. */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    role: text("role", { enum: STAFF_ROLES }).notNull(),
    /** Kept when its creator leaves: the token is the store's, and the audit trail names who made it. */
    createdBy: integer("created_by").references(() => staff.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("api_tokens_hash_uq").on(t.tokenHash),
    index("api_tokens_store_idx").on(t.storeId, t.id),
    check("api_tokens_role_known", sql`${t.role} in ('owner', 'manager', 'fulfilment')`),
  ],
);

export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * Who changed what, when: one row per admin write or owner command. Append-only, in the database too (triggers
 * refuse UPDATE, DELETE and TRUNCATE; migration 0022): a row goes only with its store. The actor is named by label
 * as well as id, so the trail still says who after a staff account or token is gone.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    storeId: storeId(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorKind: text("actor_kind", { enum: ["staff", "token", "command"] }).notNull(),
    actorId: integer("actor_id"),
    /** The staff email, the token's name, or 'command line'. */
    actorLabel: text("actor_label").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    /** Only the fields the write changed, each {before, after}. */
    changes: jsonb("changes").$type<AuditChanges>().notNull().default({}),
  },
  (t) => [
    index("audit_events_store_idx").on(t.storeId, t.id),
    index("audit_events_entity_idx").on(t.storeId, t.entity, t.id),
    index("audit_events_actor_idx").on(t.storeId, t.actorLabel, t.id),
    check("audit_events_actor_kind_known", sql`${t.actorKind} in ('staff', 'token', 'command')`),
  ],
);

// ---------------------------------------------------------------- catalogue imports

/**
 * A Shopify product CSV handed to the shop, kept until its job has run: the job survives a restart, and the admin
 * shows its progress and, when done, what it created and updated or every problem found.
 */
export const catalogueImports = pgTable(
  "catalogue_imports",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    status: text("status", { enum: ["queued", "running", "succeeded", "failed"] }).notNull().default("queued"),
    dryRun: boolean("dry_run").notNull(),
    fileName: text("file_name").notNull().default(""),
    csv: text("csv").notNull(),
    totalRows: integer("total_rows").notNull().default(0),
    processedRows: integer("processed_rows").notNull().default(0),
    /** Counts of products and variants created and updated, and the pictures that could not be fetched. */
    summary: jsonb("summary").$type<Record<string, unknown>>().notNull().default({}),
    /** Every problem as { row, column, message }. */
    problems: jsonb("problems").$type<{ row: number; column: string; message: string }[]>().notNull().default([]),
    actorLabel: text("actor_label").notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("catalogue_imports_store_idx").on(t.storeId, t.id),
    check("catalogue_imports_status_known", sql`${t.status} in ('queued', 'running', 'succeeded', 'failed')`),
  ],
);

// ---------------------------------------------------------------- rate limits

/**
 * Attempts counted by rate-limiter-flexible's PostgreSQL store (server/http/rate-limit.ts), shared by every instance
 * on the database; its columns are the library's. Keys name their store where it matters (an account's email), so
 * the table carries no store_id. The embedded database counts in memory and leaves this table empty.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  /** Epoch milliseconds at which the key's window closes. */
  expire: bigint("expire", { mode: "number" }),
});

// ---------------------------------------------------------------- back-in-stock alerts

/**
 * "Email me when it's back" on a sold-out variant (decision 0038). Live while neither notified nor unsubscribed: one
 * per variant and address. Its confirmation and unsubscribe links are signed (server/mail/signed-links.ts), so none
 * is stored. Mailed once, when it is confirmed and its variant is in stock again; the sender claims it by setting
 * `notifiedAt`, so two senders never mail it twice.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: serial("id").primaryKey(),
    storeId: storeId(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    emailNormalized: text("email_normalized").notNull(),
    /** The signed-in customer who asked, whose account email it is. */
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** When it was last asked for: the confirmation link works for a week from then. */
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("stock_alerts_live_uq")
      .on(t.storeId, t.variantId, t.emailNormalized)
      .where(sql`${t.notifiedAt} is null and ${t.unsubscribedAt} is null`),
    index("stock_alerts_waiting_idx").on(t.variantId).where(sql`${t.confirmedAt} is not null and ${t.notifiedAt} is null and ${t.unsubscribedAt} is null`),
    index("stock_alerts_email_idx").on(t.storeId, t.emailNormalized),
  ],
);

// ---------------------------------------------------------------- draft orders

/** A staff discount on a draft order: a code the shop has, or an amount or percent staff typed. */
export type DraftDiscount = { kind: "code"; code: string } | { kind: "amount"; amountCents: number } | { kind: "percent"; percent: number };

/** A line of a draft as staff asked for it: the catalogue prices it unless staff typed its unit price. */
export type DraftLine = { sku: string; quantity: number; unitPriceCents: number | null };

/**
 * What staff asked for on a draft order (server/drafts/): the order row (status `draft`) and its lines hold the one
 * quote's figures, this row holds what the quote was asked with, so a change reprices from the same inputs.
 */
export const draftOrders = pgTable("draft_orders", {
  orderId: integer("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  storeId: storeId(),
  lines: jsonb("lines").$type<DraftLine[]>().notNull(),
  discount: jsonb("discount").$type<DraftDiscount | null>(),
  /** Shipping staff charge instead of the option's price; null: the shop's rules price it. */
  shippingCentsOverride: integer("shipping_cents_override"),
  /** Who built it: a staff email, a token's name or 'command line'. */
  createdBy: text("created_by").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
