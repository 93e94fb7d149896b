/** The catalogue's fixed vocabularies, shared by the database schema, the admin API's schemas and the admin screens. */

export const PRODUCT_STATUSES = ["draft", "active", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Why a variant's stock moved; every change names one (server/catalog/stock.ts). */
export const STOCK_REASONS = ["received", "sold", "returned", "damaged", "correction"] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** Shopify allows three options per product, and so does the shop. */
export const MAX_PRODUCT_OPTIONS = 3;
