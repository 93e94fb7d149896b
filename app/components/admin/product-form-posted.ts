/**
 * The product editor's form as posted: every value it names, read the same way by the server (a post, for a save or a
 * step) and by the page (a step it takes itself, product-form-steps.ts). No schema here: the page's copy loads apart
 * from its first load, and the save's checks stay on the server (product-form-input.ts).
 */
import {
  ALL_FIELDS,
  BLANK_VARIANT_ROWS,
  MAX_PLAN_SLOTS,
  MAX_VARIANT_ROWS,
  OPTION_COUNT_FIELD,
  OPTION_FIELDS,
  optionNewField,
  optionValuesField,
  PLAN_PARTS,
  PLAN_SLOTS,
  planField,
  planSlotsField,
  PRODUCT_FIELDS,
  REMOVE_SOLD_FIELD,
  VARIANT_PARTS,
  variantField,
  type ProductFormValues,
} from "./product-form-data";

/** Every named value of the posted form, as typed (collections as a comma-separated list of ids). */
export function productFormValues(form: FormData, rows: number): ProductFormValues {
  const rowNames = (row: number) => [
    ...VARIANT_PARTS.map((part) => variantField(row, part)),
    planSlotsField(row),
    ...Array.from({ length: planSlotsOf(form.get(planSlotsField(row))) }, (_, slot) => PLAN_PARTS.map((part) => planField(row, slot, part))).flat(),
  ];
  const names = [
    ...PRODUCT_FIELDS,
    ...OPTION_FIELDS,
    ...OPTION_FIELDS.map((_, k) => optionNewField(k)),
    ...ALL_FIELDS,
    REMOVE_SOLD_FIELD,
    ...Array.from({ length: rows }, (_, row) => rowNames(row)).flat(),
  ];
  const values: ProductFormValues = Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "")]));
  values.collections = form.getAll("collection").map(String).join(",");
  OPTION_FIELDS.forEach((_, k) => (values[optionValuesField(k)] = form.getAll(optionValuesField(k)).map(String).join("\n")));
  values[OPTION_COUNT_FIELD] = String(optionCountOf(form.get(OPTION_COUNT_FIELD), values));
  return values;
}

/** The options the form was drawn with: as posted, or (a form from before the count) as many as are named. */
function optionCountOf(posted: unknown, values: ProductFormValues): number {
  const count = Number(posted);
  if (posted !== null && Number.isInteger(count) && count >= 0) return Math.min(count, OPTION_FIELDS.length);
  return OPTION_FIELDS.filter((name) => values[name].trim() !== "").length;
}

/** The plan slots a row was drawn with. */
export function planSlotsOf(posted: unknown): number {
  const slots = Number(posted);
  return Number.isInteger(slots) && slots > 0 ? Math.min(slots, MAX_PLAN_SLOTS) : PLAN_SLOTS;
}

/** The rows the form was drawn with (sent back so a refused form comes back the same size). */
export function rowsOf(form: FormData): number {
  const rows = Number(form.get("rows"));
  return Number.isInteger(rows) && rows > 0 ? Math.min(rows, MAX_VARIANT_ROWS) : BLANK_VARIANT_ROWS;
}
