/**
 * The product editor's form: its field names, the saved product as the form shows it, and where each message goes.
 * Reading a posted form into a `ProductInput` is product-form-input.ts's, on the server, so the form's pages carry no
 * schema code to the browser.
 */
import { MAX_PRODUCT_OPTIONS, PRODUCT_STATUSES } from "@core/catalog-admin";
import { placeErrors, type ErrorBody } from "~/lib/form-error";
import { noticeTable } from "./notices";

export const PRODUCT_FIELDS = ["title", "handle", "description_html", "status", "vendor", "product_type", "tax_class", "tags", "seo_title", "seo_description"] as const;
export const OPTION_FIELDS = Array.from({ length: MAX_PRODUCT_OPTIONS }, (_, index) => `option_${index}`);
/** A row's fields; `v<row>_existing` marks a variant already saved, whose stock is not the form's to set. */
export const VARIANT_PARTS = ["sku", "price", "compare_at", "stock", "low_stock", "weight", "existing", ...OPTION_FIELDS.map((_, k) => `value_${k}`)] as const;
export const variantField = (row: number, part: (typeof VARIANT_PARTS)[number]) => `v${row}_${part}`;

/** The values an option offers the generator (posted once each, kept in the form's values one a line). */
export const optionValuesField = (k: number) => `option_${k}_value`;
/** A value being added to an option. */
export const optionNewField = (k: number) => `option_${k}_new`;
/** The hidden count of options drawn, named or not yet. */
export const OPTION_COUNT_FIELD = "options";
/** Price and stock the generator's "Apply to all" sets on every row. */
export const ALL_FIELDS = ["all_price", "all_stock"] as const;
export const REMOVE_SOLD_FIELD = "remove_variants_with_orders";

/** A new product starts with the one row a product needs; "Add variant" adds one more. */
export const BLANK_VARIANT_ROWS = 1;
export const MAX_VARIANT_ROWS = 100;

export type ProductFormValues = Record<string, string>;

/** Subscription plan slots a variant's row offers (more when it has more plans already, up to the input's 10). */
export const PLAN_SLOTS = 3;
export const MAX_PLAN_SLOTS = 10;
export const PLAN_PARTS = ["name", "price", "interval", "unit"] as const;
export type PlanPart = (typeof PLAN_PARTS)[number];
export const planField = (row: number, slot: number, part: PlanPart) => `v${row}_plan${slot}_${part}`;
/** The hidden count of a row's plan slots, so the server reads as many as were drawn. */
export const planSlotsField = (row: number) => `v${row}_plans`;
export const PLAN_UNITS = [
  { value: "week", label: "weeks" },
  { value: "month", label: "months" },
  { value: "day", label: "days" },
  { value: "year", label: "years" },
] as const;
export type VariantPart = (typeof VARIANT_PARTS)[number];

/** The saved product as the form shows it. */
export function productFormValuesOf(product: {
  title: string;
  handle: string;
  descriptionHtml: string;
  status: string;
  vendor: string;
  productType: string;
  taxClass: string;
  tags: string[];
  seoTitle: string;
  seoDescription: string;
  options: string[];
  variants: {
    sku: string;
    optionValues: string[];
    priceCents: number;
    compareAtCents: number | null;
    lowStockThreshold: number | null;
    weightGrams: number | null;
    subscriptions: { name: string; priceCents: number; interval: number; intervalUnit: string }[];
  }[];
  collectionIds: number[];
}): ProductFormValues {
  const values: ProductFormValues = {
    title: product.title,
    handle: product.handle,
    description_html: product.descriptionHtml,
    status: product.status,
    vendor: product.vendor,
    product_type: product.productType,
    tax_class: product.taxClass,
    tags: product.tags.join(", "),
    seo_title: product.seoTitle,
    seo_description: product.seoDescription,
    collections: product.collectionIds.join(","),
  };
  values[OPTION_COUNT_FIELD] = String(product.options.length);
  OPTION_FIELDS.forEach((name, k) => {
    values[name] = product.options[k] ?? "";
    values[optionValuesField(k)] = [...new Set(product.variants.map((variant) => variant.optionValues[k] ?? "").filter(Boolean))].join("\n");
  });
  product.variants.forEach((variant, row) => {
    values[variantField(row, "sku")] = variant.sku;
    values[variantField(row, "existing")] = "1";
    values[variantField(row, "price")] = dollarsOf(variant.priceCents);
    values[variantField(row, "compare_at")] = variant.compareAtCents === null ? "" : dollarsOf(variant.compareAtCents);
    values[variantField(row, "low_stock")] = variant.lowStockThreshold === null ? "" : String(variant.lowStockThreshold);
    values[variantField(row, "weight")] = variant.weightGrams === null ? "" : String(variant.weightGrams);
    variant.optionValues.forEach((value, k) => (values[variantField(row, `value_${k}` as (typeof VARIANT_PARTS)[number])] = value));
    values[planSlotsField(row)] = String(Math.max(PLAN_SLOTS, variant.subscriptions.length));
    variant.subscriptions.forEach((plan, slot) => {
      values[planField(row, slot, "name")] = plan.name;
      values[planField(row, slot, "price")] = dollarsOf(plan.priceCents);
      values[planField(row, slot, "interval")] = String(plan.interval);
      values[planField(row, slot, "unit")] = plan.intervalUnit;
    });
  });
  return values;
}

export const dollarsOf = (cents: number) => (cents / 100).toFixed(2);

export const STATUS_LABELS: Record<(typeof PRODUCT_STATUSES)[number], string> = { draft: "Draft", active: "Active", archived: "Archived" };
export const STATUS_OPTIONS = PRODUCT_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

/** A product write's success, told after its redirect (as notices.ts does for the other screens). */
export const PRODUCT_NOTICES = noticeTable({
  created: "Product created.",
  saved: "Product saved.",
  duplicated: "This is the copy, as a draft without stock. Change what differs and save.",
  archived: "Product archived: shoppers no longer see it.",
  unarchived: "Product back as a draft.",
});

/** Each message beside the editor's field it names (a variant row's fields included), the rest above the form. */
export function placeFormErrors(errors: readonly ErrorBody[] | undefined) {
  const rowFields = (errors ?? []).map((body) => body.field ?? "").filter((field) => /^v\d+_/.test(field));
  return placeErrors(errors, [
    ...PRODUCT_FIELDS,
    ...OPTION_FIELDS,
    ...OPTION_FIELDS.map((_, k) => optionNewField(k)),
    ...ALL_FIELDS,
    REMOVE_SOLD_FIELD,
    "collections",
    ...rowFields,
  ]);
}
