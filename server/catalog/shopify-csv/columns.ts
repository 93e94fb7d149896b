/**
 * Shopify's product CSV, as Shopify exports it: these columns in this order. A product spans several rows; its first
 * row carries the product's own fields, later rows only its Handle and a variant's or a picture's columns.
 */
export const SHOPIFY_COLUMNS = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Product Category",
  "Type",
  "Tags",
  "Published",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Option3 Name",
  "Option3 Value",
  "Variant SKU",
  "Variant Grams",
  "Variant Inventory Tracker",
  "Variant Inventory Qty",
  "Variant Inventory Policy",
  "Variant Fulfillment Service",
  "Variant Price",
  "Variant Compare At Price",
  "Variant Requires Shipping",
  "Variant Taxable",
  "Variant Barcode",
  "Image Src",
  "Image Position",
  "Image Alt Text",
  "Gift Card",
  "SEO Title",
  "SEO Description",
  "Variant Image",
  "Variant Weight Unit",
  "Cost per item",
  "Status",
] as const;

export type ShopifyColumn = (typeof SHOPIFY_COLUMNS)[number];

/** A product's option columns, by option (0, 1, 2). */
export const OPTION_NAME_COLUMNS = ["Option1 Name", "Option2 Name", "Option3 Name"] as const satisfies ShopifyColumn[];
export const OPTION_VALUE_COLUMNS = ["Option1 Value", "Option2 Value", "Option3 Value"] as const satisfies ShopifyColumn[];

/** What Shopify writes as the one option of a product sold in one version. */
export const NO_OPTIONS_NAME = "Title";
export const NO_OPTIONS_VALUE = "Default Title";

/** A problem found in the file, where a spreadsheet shows it: `row` 1 is the header. */
export type CsvProblem = { row: number; column: string; message: string };
