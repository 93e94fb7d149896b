/**
 * The product editor's form as posted (no JavaScript needed) and the `ProductInput` it stands for. The form holds
 * dollars and comma-separated tags where the input holds cents and lists, so this turns one into the other, and
 * turns the server's field paths (`variants.2.price_cents`) back into the form's names (`v2_price`) so each message
 * is shown beside what was typed. Imported by the editor's .server.ts only.
 */
import { TYPED_DOLLARS_MESSAGE, typedDollarsToCents } from "@core/money";
import { handleFromTitle } from "@core/catalog-admin";
import { productInputSchema, type ProductInput } from "@core/schemas/admin-catalogue";
import type { ErrorBody } from "~/lib/form-error";
import {
  REMOVE_SOLD_FIELD,
  PLAN_PARTS,
  planField,
  planSlotsField,
  OPTION_FIELDS,
  variantField,
  type ProductFormValues,
  type VariantPart,
} from "./product-form-data";
import { planSlotsOf } from "./product-form-posted";

/** `usedRows[n]` is the form row variant n of the input came from. */
type Parsed = { ok: true; input: ProductInput; usedRows: number[] } | { ok: false; errors: ErrorBody[] };

/**
 * The form as a `ProductInput`, or the problems with it, each naming the form's field. A row with neither SKU nor
 * price is an unused blank row. Collections and each variant's plans are always sent: the form draws them all, so
 * what it holds is what the product has.
 */
export function productInputOfForm(values: ProductFormValues, rows: number): Parsed {
  const errors: ErrorBody[] = [];
  // Only the named options count; a row's values are read at the same places so they stay with their option.
  const named = OPTION_FIELDS.flatMap((name, k) => (values[name].trim() === "" ? [] : [k]));
  const options = named.map((k) => values[OPTION_FIELDS[k]].trim());
  const usedRows: number[] = [];
  const variants = [];
  for (let row = 0; row < rows; row++) {
    const value = (part: VariantPart) => (values[variantField(row, part)] ?? "").trim();
    if (value("sku") === "" && value("price") === "") continue;
    usedRows.push(row);
    const money = (part: "price" | "compare_at"): number | null => {
      if (value(part) === "") {
        if (part === "price") errors.push({ error: "Price is required", field: variantField(row, part) });
        return null;
      }
      const cents = typedDollarsToCents(value(part));
      if (cents !== null && !Number.isNaN(cents)) return cents;
      errors.push({ error: TYPED_DOLLARS_MESSAGE, field: variantField(row, part) });
      return 0;
    };
    const count = (part: "stock" | "low_stock" | "weight"): number | null => {
      if (value(part) === "") return null;
      const number = Number(value(part));
      if (!/^\d+$/.test(value(part)) || !Number.isSafeInteger(number)) {
        errors.push({ error: "Enter a whole number, 0 or more", field: variantField(row, part) });
        return 0;
      }
      return number;
    };
    const stock = value("existing") === "1" ? null : count("stock");
    const subscriptions = [];
    for (let slot = 0; slot < planSlotsOf(values[planSlotsField(row)]); slot++) {
      const plan = (part: (typeof PLAN_PARTS)[number]) => (values[planField(row, slot, part)] ?? "").trim();
      if (plan("name") === "" && plan("price") === "") continue;
      let priceCents = typedDollarsToCents(plan("price")) ?? Number.NaN;
      if (Number.isNaN(priceCents)) {
        priceCents = 0;
        errors.push({ error: TYPED_DOLLARS_MESSAGE, field: planField(row, slot, "price") });
      }
      const interval = /^\d+$/.test(plan("interval")) ? Number(plan("interval")) : Number.NaN;
      subscriptions.push({ name: plan("name"), price_cents: priceCents, interval, interval_unit: plan("unit") });
    }
    variants.push({
      sku: value("sku"),
      option_values: named.map((k) => value(`value_${k}` as VariantPart)),
      price_cents: money("price") ?? 0,
      compare_at_price_cents: money("compare_at"),
      ...(stock === null ? {} : { stock }),
      low_stock_threshold: count("low_stock"),
      weight_grams: count("weight"),
      subscriptions,
    });
  }
  const candidate = {
    handle: values.handle.trim() === "" ? handleFromTitle(values.title) : values.handle,
    title: values.title,
    description_html: values.description_html,
    status: values.status,
    vendor: values.vendor,
    product_type: values.product_type,
    tax_class: values.tax_class || undefined,
    tags: values.tags
      .split(",")
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ""),
    seo_title: values.seo_title,
    seo_description: values.seo_description,
    options,
    variants,
    collection_ids: values.collections === "" ? [] : values.collections.split(",").map(Number),
    remove_variants_with_orders: values[REMOVE_SOLD_FIELD] === "on",
  };
  const parsed = productInputSchema.safeParse(candidate);
  const schemaErrors = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ error: issue.message, field: issue.path.join(".") }));
  const all = [...errors, ...schemaErrors.map((body) => formErrorOf(body, usedRows))].filter(
    // A price that did not read as money is told once, in the form's words.
    (body, index, list) => list.findIndex((other) => other.field === body.field) === index,
  );
  if (all.length > 0 || !parsed.success) return { ok: false, errors: all };
  return { ok: true, input: parsed.data, usedRows };
}

const VARIANT_FIELD_PARTS: Record<string, VariantPart> = {
  sku: "sku",
  price_cents: "price",
  compare_at_price_cents: "compare_at",
  stock: "stock",
  low_stock_threshold: "low_stock",
  weight_grams: "weight",
};

const PLAN_FIELD_PARTS: Record<string, (typeof PLAN_PARTS)[number]> = { name: "name", price_cents: "price", interval: "interval", interval_unit: "unit" };

/**
 * A server error's field (a path into `ProductInput`) as the form's field. `usedRows[n]` is the form row variant n
 * came from, so `variants.1.sku` lands on the row the owner typed it in.
 */
export function formErrorOf(body: ErrorBody, usedRows: readonly number[]): ErrorBody {
  const path = body.field?.split(".") ?? [];
  const [head, second, third, fourth] = path;
  if (head === "variants" && second !== undefined) {
    const row = usedRows[Number(second)] ?? Number(second);
    if (third === "option_values") return { ...body, field: variantField(row, `value_${Number(fourth ?? 0)}` as VariantPart) };
    if (third === "subscriptions" && fourth !== undefined) {
      const planPart = PLAN_FIELD_PARTS[path[4] ?? ""];
      return planPart ? { ...body, field: planField(row, Number(fourth), planPart) } : { error: body.error };
    }
    const part = third === undefined ? undefined : VARIANT_FIELD_PARTS[third];
    return part ? { ...body, field: variantField(row, part) } : { error: body.error };
  }
  if (head === "variants") return { error: body.error };
  if (head === "options") return { ...body, field: `option_${Number(second ?? 0)}` };
  if (head === "tags") return { ...body, field: "tags" };
  if (head === "collection_ids") return { ...body, field: "collections" };
  return body;
}

