/**
 * The product form's steps short of saving (add or remove an option, a value or a variant row; generate the
 * variants; apply a price and stock to all): each takes the form as posted and gives the form to draw next, so they
 * work as plain posts before (or without) JavaScript, and the form is drawn again from what was typed, never from
 * what was typed mixed with what the server drew. The editor's .server.ts takes them for a post; once the page runs,
 * the form loads this module apart from its first load and takes them in the page (`stepInPage`).
 */
import { placeVariants, skuFor } from "@core/variant-combinations";
import { handleFromTitle } from "@core/catalog-admin";
import type { ErrorBody } from "~/lib/form-error";
import { MAX_VARIANT_ROWS, OPTION_COUNT_FIELD, OPTION_FIELDS, optionNewField, optionValuesField, variantField, type ProductFormValues } from "./product-form-data";
import { productFormValues, rowsOf } from "./product-form-posted";

type Option = { name: string; values: string[] };
/** A variant row's fields by their part of the name (`sku`, `value_0`, `plan1_price`…). */
type Row = Record<string, string>;
type Form = { options: Option[]; rows: Row[]; rest: ProductFormValues };

export type StepResult = {
  values: ProductFormValues;
  rows: number;
  errors: ErrorBody[];
  focus?: string;
};

const ROW_FIELD = /^v(\d+)_(.+)$/;
const OPTION_FIELD = /^option_\d+(?:_value|_new)?$/;
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function formOf(values: ProductFormValues, rowCount: number): Form {
  const rows: Row[] = Array.from({ length: rowCount }, () => ({}));
  const rest: ProductFormValues = {};
  for (const [name, value] of Object.entries(values)) {
    const row = ROW_FIELD.exec(name);
    if (row) {
      if (Number(row[1]) < rowCount) rows[Number(row[1])][row[2]] = value;
    } else if (!OPTION_FIELD.test(name) && name !== OPTION_COUNT_FIELD) rest[name] = value;
  }
  const options = Array.from({ length: Number(values[OPTION_COUNT_FIELD]) || 0 }, (_, k) => {
    const listed = (values[optionValuesField(k)] ?? "").split("\n").filter((value) => value.trim() !== "");
    // A value typed but not yet added counts, as the owner sees it in the field.
    const typed = (values[optionNewField(k)] ?? "").trim();
    return {
      name: (values[OPTION_FIELDS[k]] ?? "").trim(),
      values: typed && !listed.some((value) => same(value, typed)) ? [...listed, typed] : listed,
    };
  });
  return { options, rows, rest };
}

function valuesOf({ options, rows, rest }: Form): ProductFormValues {
  const values: ProductFormValues = {
    ...rest,
    [OPTION_COUNT_FIELD]: String(options.length),
  };
  OPTION_FIELDS.forEach((name, k) => {
    values[name] = options[k]?.name ?? "";
    values[optionValuesField(k)] = options[k]?.values.join("\n") ?? "";
    values[optionNewField(k)] = "";
  });
  rows.forEach((row, index) => Object.entries(row).forEach(([part, value]) => (values[`v${index}_${part}`] = value)));
  return values;
}

const drawn = (form: Form, focus?: string): StepResult => ({
  values: valuesOf(form),
  rows: form.rows.length,
  errors: [],
  focus,
});
const refused = (values: ProductFormValues, rows: number, error: ErrorBody): StepResult => ({ values, rows, errors: [error], focus: error.field });

/** Without a row's values for option k, and those after it moved down one. */
function withoutOptionValue(row: Row, k: number): Row {
  const next: Row = { ...row };
  for (let at = k; at < OPTION_FIELDS.length; at++) next[`value_${at}`] = row[`value_${at + 1}`] ?? "";
  return next;
}

function generate(form: Form, values: ProductFormValues): StepResult {
  const rowCount = form.rows.length;
  const unnamed = form.options.findIndex((option) => option.name === "");
  if (unnamed !== -1)
    return refused(values, rowCount, {
      error: `Name option ${unnamed + 1} first`,
      field: OPTION_FIELDS[unnamed],
    });
  const empty = form.options.findIndex((option) => option.values.length === 0);
  if (empty !== -1)
    return refused(values, rowCount, {
      error: `Add a value to ${form.options[empty].name} first`,
      field: optionNewField(empty),
    });
  const total = form.options.reduce((count, option) => count * option.values.length, 1);
  if (total > MAX_VARIANT_ROWS) {
    return refused(values, rowCount, {
      error: `These values make ${total} variants; a product has at most ${MAX_VARIANT_ROWS}`,
      field: optionNewField(0),
    });
  }
  // A row without SKU or price is a blank one (as the save skips it), not a variant to keep.
  const rows = form.rows
    .filter((row) => (row.sku ?? "").trim() !== "" || (row.price ?? "").trim() !== "")
    .map((row) => ({ row, values: form.options.map((_, k) => row[`value_${k}`] ?? "") }));
  const placed = placeVariants(form.options, rows);
  const taken = new Set(placed.rows.flatMap((row) => (row.existing?.row.sku ? [row.existing.row.sku.toLowerCase()] : [])));
  const handle = (form.rest.handle ?? "").trim() || handleFromTitle(form.rest.title ?? "");
  const next = placed.rows.map(({ values: combination, existing }) => {
    const row: Row = { ...existing?.row };
    if (!row.sku?.trim()) row.sku = skuFor(handle, combination, taken);
    taken.add(row.sku.toLowerCase());
    combination.forEach((value, k) => (row[`value_${k}`] = value));
    return row;
  });
  return drawn({ ...form, rows: next }, "all_price");
}

/**
 * The form after the step `intent` names (`add_value:0`, `remove_row:3`, `generate`…), or undefined when it names
 * none (a save, or a step of the page's other forms).
 */
export function productFormStep(intent: string, values: ProductFormValues, rowCount: number): StepResult | undefined {
  const [step, first, second] = intent.split(":");
  const k = Number(first);
  const form = formOf(values, rowCount);
  const { options, rows } = form;
  switch (step) {
    case "add_option":
      if (options.length >= OPTION_FIELDS.length)
        return refused(values, rowCount, {
          error: `A product has at most ${OPTION_FIELDS.length} options`,
        });
      return drawn({ ...form, options: [...options, { name: "", values: [] }] }, OPTION_FIELDS[options.length]);
    case "remove_option":
      return drawn(
        {
          ...form,
          options: options.filter((_, at) => at !== k),
          rows: rows.map((row) => withoutOptionValue(row, k)),
        },
        options.length > 1 ? OPTION_FIELDS[0] : undefined,
      );
    case "add_value":
      if ((values[optionNewField(k)] ?? "").trim() === "")
        return refused(values, rowCount, {
          error: "Type a value to add",
          field: optionNewField(k),
        });
      return drawn(form, optionNewField(k));
    case "remove_value":
      return drawn(
        {
          ...form,
          options: options.map((option, at) =>
            at === k
              ? {
                  ...option,
                  values: option.values.filter((_, v) => v !== Number(second)),
                }
              : option,
          ),
        },
        optionNewField(k),
      );
    case "add_row":
      if (rows.length >= MAX_VARIANT_ROWS)
        return refused(values, rowCount, {
          error: `A product has at most ${MAX_VARIANT_ROWS} variants`,
        });
      return drawn({ ...form, rows: [...rows, {}] }, variantField(rows.length, options.length > 0 ? "value_0" : "sku"));
    case "remove_row":
      return drawn({ ...form, rows: rows.filter((_, at) => at !== k) });
    case "apply_all": {
      const price = (form.rest.all_price ?? "").trim();
      const stock = (form.rest.all_stock ?? "").trim();
      // A saved variant's stock is changed on its stock screen, with a reason; the generator's rows are new.
      const next = rows.map((row) => ({
        ...row,
        ...(price ? { price } : {}),
        ...(stock && row.existing !== "1" ? { stock } : {}),
      }));
      return drawn({ ...form, rows: next }, "all_price");
    }
    case "generate":
      return generate(form, values);
    default:
      return undefined;
  }
}

/**
 * The step `intent` names taken on the form as it stands in the page, as the server takes it on the same form
 * posted: taken at once, with no round trip, since a value typed or a field changed while a step was on its way was
 * lost when its answer drew the form again. Undefined when the intent names no step, or the step is refused: a
 * refusal goes to the server, which places its message beside the field as for any post.
 */
export function stepInPage(form: HTMLFormElement, intent: string) {
  const posted = new FormData(form);
  const rows = rowsOf(posted);
  const step = productFormStep(intent, productFormValues(posted, rows), rows);
  return step && step.errors.length === 0 ? { values: step.values, rows: step.rows, focus: step.focus } : undefined;
}
