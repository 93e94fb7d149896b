/**
 * The product editor's one form, for a new product and a saved one: posted whole (an intent says what to do), so it
 * works before JavaScript loads, and drawn again from what was typed when the server refuses it, each message beside
 * its field.
 */
import { Form, Link } from "react-router";
import { FormMessage, LabelledField, SelectField, TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { RichTextField } from "~/components/admin/rich-text-field";
import { ErrorSummary, fieldErrorsOf } from "~/components/admin/draft-form";
import { AdminSection } from "~/components/admin/admin-page";
import {
  MAX_PLAN_SLOTS,
  OPTION_FIELDS,
  PLAN_SLOTS,
  PLAN_UNITS,
  planField,
  planSlotsField,
  STATUS_OPTIONS,
  variantField,
  type ProductFormValues,
} from "./product-form-data";

/** What a saved variant shows but the form does not change: its stock, changed on its stock screen (with a reason). */
export type SavedVariantFacts = { variantId: number; stock: number };

/** A variant's subscription plans, folded away until opened (or while one is set or refused). */
function PlanFields({ row, value, errors }: { row: number; value: (name: string) => string; errors: Partial<Record<string, string>> }) {
  const slots = Math.min(Math.max(Number(value(planSlotsField(row))) || PLAN_SLOTS, PLAN_SLOTS), MAX_PLAN_SLOTS);
  const set = Array.from({ length: slots }, (_, slot) => value(planField(row, slot, "name"))).filter(Boolean).length;
  const refused = Object.keys(errors).some((name) => name.startsWith(`v${row}_plan`));
  return (
    <details open={set > 0 || refused} className="mt-3">
      <summary className="cursor-pointer font-medium">{`Subscription plans (${set})`}</summary>
      <input type="hidden" name={planSlotsField(row)} value={slots} />
      <p className="mt-2 text-sm text-black/70">A plan delivers the variant every so often at its own price. Empty a plan&apos;s name and price to remove it.</p>
      <div className="mt-2 flex flex-col gap-3">
        {Array.from({ length: slots }, (_, slot) => {
          const field = (part: Parameters<typeof planField>[2]) => planField(row, slot, part);
          return (
            <div key={slot} className="grid gap-3 sm:grid-cols-4">
              <TextField label={`Plan ${slot + 1} name`} name={field("name")} autoComplete="off" defaultValue={value(field("name"))} error={errors[field("name")]} />
              <TextField
                label={`Plan ${slot + 1} price ($)`}
                name={field("price")}
                inputMode="decimal"
                autoComplete="off"
                defaultValue={value(field("price"))}
                error={errors[field("price")]}
              />
              <TextField
                label={`Plan ${slot + 1} every`}
                name={field("interval")}
                inputMode="numeric"
                autoComplete="off"
                defaultValue={value(field("interval"))}
                error={errors[field("interval")]}
              />
              <SelectField
                label={`Plan ${slot + 1} unit`}
                name={field("unit")}
                options={PLAN_UNITS}
                defaultValue={value(field("unit")) || "week"}
                error={errors[field("unit")]}
              />
            </div>
          );
        })}
      </div>
    </details>
  );
}

export function ProductForm({
  values,
  rows,
  saved,
  errors,
  formError,
  collections,
  taxClasses,
  isNew,
}: {
  values: ProductFormValues;
  rows: number;
  /** Facts of the saved variant in each row, by the row's SKU. */
  saved: Record<string, SavedVariantFacts>;
  errors: Partial<Record<string, string>>;
  formError?: string;
  collections: { id: number; title: string }[];
  /** The classes a product can be taxed by, as the select offers them. */
  taxClasses: readonly { value: string; label: string }[];
  isNew: boolean;
}) {
  const value = (name: string) => values[name] ?? "";
  const chosen = new Set(value("collections").split(",").filter(Boolean).map(Number));
  return (
    <Form method="post" className="flex flex-col gap-8">
      <input type="hidden" name="rows" value={rows} />
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <ErrorSummary errors={fieldErrorsOf(errors)} />

      <AdminSection title="Product">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Title" name="title" required defaultValue={value("title")} error={errors.title} />
          <div>
            <TextField label="Handle (the address: /products/handle)" name="handle" autoComplete="off" defaultValue={value("handle")} error={errors.handle} />
            <p className="mt-1 text-sm text-black/70">
              {isNew ? "Blank: made from the title. " : "Changing it keeps the old address working (it forwards to the new one). "}
              Lowercase letters, digits and hyphens.
            </p>
          </div>
          <SelectField label="Status" name="status" options={STATUS_OPTIONS} defaultValue={value("status") || "draft"} error={errors.status} />
          <TextField label="Vendor" name="vendor" defaultValue={value("vendor")} error={errors.vendor} />
          <TextField label="Type" name="product_type" defaultValue={value("product_type")} error={errors.product_type} />
          <SelectField label="Tax class" name="tax_class" options={taxClasses} defaultValue={value("tax_class") || "standard"} error={errors.tax_class} />
          <TextField label="Tags (separated by commas)" name="tags" defaultValue={value("tags")} error={errors.tags} />
        </div>
        <p className="mt-2 text-sm text-black/70">Draft and archived products are hidden from shoppers. Publishing needs alt text on every picture.</p>
        <div className="mt-4">
          <RichTextField label="Description" name="description_html" defaultValue={value("description_html")} error={errors.description_html} />
          <p className="mt-1 text-sm text-black/70">
            Kept: paragraphs, line breaks, lists, bold and italic, headings (h2 to h4) and links (web, email or shop addresses). Anything else, such as
            scripts, styles, pictures and frames, is removed when saved.
          </p>
        </div>
      </AdminSection>

      <AdminSection title="Search engines">
        <div className="grid gap-4">
          <TextField label="SEO title (70 characters at most)" name="seo_title" maxLength={70} defaultValue={value("seo_title")} error={errors.seo_title} />
          <LabelledField
            label="SEO description (320 characters at most)"
            error={errors.seo_description}
            control={(control) => <textarea name="seo_description" rows={3} maxLength={320} defaultValue={value("seo_description")} {...control} />}
          />
        </div>
      </AdminSection>

      <AdminSection title="Options and variants">
        <p className="mb-3">Up to three options (such as Size or Colour), in the order shoppers choose them. Each variant gives a value for each option.</p>
        <div className="grid gap-4 sm:grid-cols-3">
          {OPTION_FIELDS.map((name, k) => (
            <TextField key={name} label={`Option ${k + 1} name`} name={name} defaultValue={value(name)} error={errors[name]} />
          ))}
        </div>
        <p className="mt-6 mb-3 text-sm text-black/70">
          Prices in dollars. A row without SKU and price is skipped; a saved variant emptied so is removed. Stock is set here for new variants only; change a
          saved variant&apos;s stock on the stock screen, with its reason.
        </p>
        <div className="flex flex-col gap-4">
          {Array.from({ length: rows }, (_, row) => {
            const field = (part: Parameters<typeof variantField>[1]) => variantField(row, part);
            const facts = value(field("existing")) === "1" ? saved[value(field("sku")).toLowerCase()] : undefined;
            return (
              <fieldset key={row} className="rounded border border-black/20 p-3">
                <legend className="px-1 font-medium">
                  Variant {row + 1}
                  {facts ? ` (${value(field("sku"))})` : ""}
                </legend>
                {facts ? <input type="hidden" name={field("existing")} value="1" /> : null}
                <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-4">
                  {OPTION_FIELDS.map((option, k) => {
                    const part = `value_${k}` as Parameters<typeof variantField>[1];
                    const optionName = value(option).trim();
                    return (
                      <TextField
                        key={option}
                        label={optionName ? optionName : `Option ${k + 1} value`}
                        name={field(part)}
                        autoComplete="off"
                        defaultValue={value(field(part))}
                        error={errors[field(part)]}
                      />
                    );
                  })}
                  <TextField label="SKU" name={field("sku")} autoComplete="off" defaultValue={value(field("sku"))} error={errors[field("sku")]} />
                  <TextField label="Price ($)" name={field("price")} inputMode="decimal" autoComplete="off" defaultValue={value(field("price"))} error={errors[field("price")]} />
                  <TextField
                    label="Compare-at price ($)"
                    name={field("compare_at")}
                    inputMode="decimal"
                    autoComplete="off"
                    defaultValue={value(field("compare_at"))}
                    error={errors[field("compare_at")]}
                  />
                  {facts ? (
                    <div>
                      <p className="mb-1 font-medium">Stock</p>
                      <p className="py-2">
                        <span>{facts.stock}</span> ·{" "}
                        <Link to={`/admin/inventory/${facts.variantId}`} className="underline">
                          Change stock<span className="sr-only"> of {value(field("sku"))}</span>
                        </Link>
                      </p>
                    </div>
                  ) : (
                    <TextField label="Stock" name={field("stock")} inputMode="numeric" autoComplete="off" defaultValue={value(field("stock"))} error={errors[field("stock")]} />
                  )}
                  <TextField
                    label="Low-stock threshold"
                    name={field("low_stock")}
                    inputMode="numeric"
                    autoComplete="off"
                    defaultValue={value(field("low_stock"))}
                    error={errors[field("low_stock")]}
                  />
                  <TextField label="Weight (grams)" name={field("weight")} inputMode="numeric" autoComplete="off" defaultValue={value(field("weight"))} error={errors[field("weight")]} />
                </div>
                <PlanFields row={row} value={value} errors={errors} />
              </fieldset>
            );
          })}
        </div>
        <div className="mt-4">
          <AdminButton name="intent" value="rows" weight="secondary" formNoValidate>
            More variant rows
          </AdminButton>
        </div>
      </AdminSection>

      <AdminSection title="Collections">
        {collections.length === 0 ? (
          <p>The shop has no collections yet.</p>
        ) : (
          <fieldset>
            <legend className="mb-2">The collections the product is listed in</legend>
            <ul className="grid gap-2 sm:grid-cols-2">
              {collections.map((collection) => (
                <li key={collection.id}>
                  <label className="flex items-center gap-2">
                    <input type="checkbox" name="collection" value={collection.id} defaultChecked={chosen.has(collection.id)} className="size-5" />
                    {collection.title}
                  </label>
                </li>
              ))}
            </ul>
            {errors.collections ? <p className="mt-1 text-sm text-red-800">{errors.collections}</p> : null}
          </fieldset>
        )}
      </AdminSection>

      <div>
        <AdminButton name="intent" value="save">
          {isNew ? "Create product" : "Save"}
        </AdminButton>
      </div>
    </Form>
  );
}
