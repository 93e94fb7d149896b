/** The catalogue's fixed vocabularies and naming rules, shared by the database schema, the admin API's schemas and the admin screens (no schema library here, so a screen's own code can use them). */

export const PRODUCT_STATUSES = ["draft", "active", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Why a variant's stock moved; every change names one (server/catalog/stock.ts). */
export const STOCK_REASONS = ["received", "sold", "returned", "damaged", "correction"] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** Shopify allows three options per product, and so does the shop. */
export const MAX_PRODUCT_OPTIONS = 3;

/** The handle a product or bundle left without one on its form gets from its title: 'Café Crème, 250 g' is cafe-creme-250-g. */
export const handleFromTitle = (title: string) =>
  title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 255);
