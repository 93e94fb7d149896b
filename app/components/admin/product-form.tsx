/**
 * The product editor's one form, for a new product and a saved one: posted whole (an intent says what to do: save, or
 * a step such as Add value or Generate variants, product-form-steps.ts), so it works before JavaScript loads, and drawn
 * again from what was typed when the server refuses it or takes a step, each message beside its field. It draws only
 * the options and variant rows the product has.
 */
import { useEffect, useRef, useState, type ButtonHTMLAttributes } from "react";
import { Link } from "react-router";
import { LabelledField, SelectField, TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { RICH_TEXT_KEPT, RichTextField } from "~/components/admin/rich-text-field";
import { DraftForm } from "~/components/admin/draft-form";
import { AdminSection } from "~/components/admin/admin-page";
import {
  ALL_FIELDS,
  MAX_PLAN_SLOTS,
  OPTION_COUNT_FIELD,
  OPTION_FIELDS,
  optionNewField,
  optionValuesField,
  REMOVE_SOLD_FIELD,
  PLAN_SLOTS,
  PLAN_UNITS,
  planField,
  planSlotsField,
  STATUS_OPTIONS,
  variantField,
  type ProductFormValues,
} from "./product-form-data";

/**
 * What a saved variant shows but the form does not change: its stock, changed on its stock screen (with a reason),
 * and the orders that name it, which its removal asks about.
 */
export type SavedVariantFacts = {
  sku: string;
  variantId: number;
  stock: number;
  orders: number;
};

const STEP = "rounded border border-black/40 bg-white px-3 py-1.5 text-sm font-medium text-ink";

/** A step short of saving: it posts the form as typed and draws it again, without the browser's checks for a save. */
function Step({ intent, ...button }: { intent: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="submit" name="intent" value={intent} formNoValidate className={STEP} {...button} />;
}

/** Enter in a field that names its step (a new option value, a price for all) takes that step rather than saving. */
function stepOnEnter(event: React.KeyboardEvent) {
  const field = event.target as HTMLInputElement;
  if (event.key !== "Enter" || !field.dataset.step) return;
  event.preventDefault();
  field.form?.requestSubmit(field.form.querySelector<HTMLButtonElement>(`button[value="${field.dataset.step}"]`));
}

const orderCount = (orders: number) => (orders === 1 ? "1 order" : `${orders} orders`);

/** A variant's subscription plans, folded away until opened (or while one is set or refused). */
/** What the form was drawn from: the values typed (or saved) and the refusals by field. */
type Drawn = { value: (name: string) => string; errors: Partial<Record<string, string>> };

/** A field staff type a value into (no browser suggestions), drawn from what was typed, with its refusal. */
function TypedField({ form, label, name, inputMode }: { form: Drawn; label: string; name: string; inputMode?: "decimal" | "numeric" }) {
  return <TextField label={label} name={name} inputMode={inputMode} autoComplete="off" defaultValue={form.value(name)} error={form.errors[name]} />;
}

function PlanFields({ row, form }: { row: number; form: Drawn }) {
  const { value, errors } = form;
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
              <TypedField form={form} label={`Plan ${slot + 1} name`} name={field("name")} />
              <TypedField form={form} label={`Plan ${slot + 1} price ($)`} name={field("price")} inputMode="decimal" />
              <TypedField form={form} label={`Plan ${slot + 1} every`} name={field("interval")} inputMode="numeric" />
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

type ProductFormProps = {
  values: ProductFormValues;
  rows: number;
  /** Facts of each saved variant, by its SKU in lower case. */
  saved: Record<string, SavedVariantFacts>;
  errors: Partial<Record<string, string>>;
  formError?: string;
  collections: { id: number; title: string }[];
  /** The classes a product can be taxed by, as the select offers them. */
  taxClasses: readonly { value: string; label: string }[];
  isNew: boolean;
  /** The field the step just taken leads to (a new option's name, the next value…). */
  focus?: string;
  /** Drawn from what was typed, not from what is saved. */
  unsaved: boolean;
};

type StepsInPage = typeof import("./product-form-steps");

/**
 * The form as the server drew it, or as the last step taken in the page drew it. Once the page runs, a step (Add
 * value, Generate variants…) is taken in the page, at once, by the same function the server takes it with: through
 * the server, what was typed while its answer was on the way was lost when the answer drew the form again (a second
 * value typed quickly after Enter, say). Until the steps' module has loaded, and without JavaScript, steps are posted.
 */
export function ProductForm(props: ProductFormProps) {
  const steps = useRef<StepsInPage>(undefined);
  const [drawnHere, setDrawnHere] = useState<{ times: number; step: NonNullable<ReturnType<StepsInPage["stepInPage"]>> }>();
  useEffect(() => {
    // Not loaded (offline, a new deploy's files): the steps go on being posted.
    import("./product-form-steps").then(
      (module) => (steps.current = module),
      () => undefined,
    );
  }, []);
  const takeStepHere = (event: React.FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (!steps.current || !(submitter instanceof HTMLButtonElement) || submitter.name !== "intent") return;
    const step = steps.current.stepInPage(event.currentTarget, submitter.value);
    if (!step) return;
    event.preventDefault();
    setDrawnHere((before) => ({ times: (before?.times ?? 0) + 1, step }));
  };
  const here = drawnHere?.step;
  return (
    <DrawnProductForm
      // Each step drawn here draws the form afresh, as each answer of the server does.
      key={drawnHere?.times ?? 0}
      {...props}
      {...(here && { ...here, errors: {}, formError: undefined, unsaved: true })}
      onSubmit={takeStepHere}
    />
  );
}

function DrawnProductForm({
  values,
  rows,
  saved,
  errors,
  formError,
  collections,
  taxClasses,
  isNew,
  focus,
  unsaved,
  onSubmit,
}: ProductFormProps & { onSubmit: React.FormEventHandler<HTMLFormElement> }) {
  const value = (name: string) => values[name] ?? "";
  const form: Drawn = { value, errors };
  const chosen = new Set(value("collections").split(",").filter(Boolean).map(Number));
  const optionCount = Number(value(OPTION_COUNT_FIELD)) || 0;
  const optionName = (k: number) => value(OPTION_FIELDS[k]).trim() || `Option ${k + 1}`;
  const inRows = new Set(Array.from({ length: rows }, (_, row) => (value(variantField(row, "existing")) === "1" ? value(variantField(row, "sku")).toLowerCase() : "")));
  const going = Object.entries(saved).filter(([sku]) => !inRows.has(sku));
  const sold = going.some(([, facts]) => facts.orders > 0);
  // The form is drawn anew for each step, so the field the step leads to takes the focus once it is in the page.
  useEffect(() => {
    if (focus) document.getElementsByName(focus)[0]?.focus();
  }, [focus]);
  return (
    <DraftForm placed={{ at: errors, form: formError }} saveLabel={isNew ? "Create product" : "Save"} unsaved={unsaved} onKeyDown={stepOnEnter} onSubmit={onSubmit}>
      <input type="hidden" name="rows" value={rows} />
      <input type="hidden" name={OPTION_COUNT_FIELD} value={optionCount} />

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
          <p className="mt-1 text-sm text-black/70">{RICH_TEXT_KEPT}</p>
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

      <AdminSection title="Options">
        <p className="mb-3 text-sm text-black/70">
          Up to {OPTION_FIELDS.length} options, such as Size or Grind, in the order shoppers choose them. Generate variants makes a variant for each combination of their
          values, keeping the variants you have.
        </p>
        {Array.from({ length: optionCount }, (_, k) => {
          const list = value(optionValuesField(k)).split("\n").filter(Boolean);
          return (
            <fieldset key={k} className="mb-4 rounded border border-black/20 p-3">
              <legend className="px-1 font-medium">Option {k + 1}</legend>
              <TextField
                label={`Option ${k + 1} name`}
                name={OPTION_FIELDS[k]}
                autoComplete="off"
                defaultValue={value(OPTION_FIELDS[k])}
                error={errors[OPTION_FIELDS[k]]}
              />
              {list.length > 0 ? (
                <ul aria-label={`Values of ${optionName(k)}`} className="mt-3 flex flex-wrap gap-2">
                  {list.map((listed, v) => (
                    <li key={listed} className="flex items-center gap-1 rounded-full border border-black/30 bg-white py-0.5 pr-0.5 pl-3">
                      {listed}
                      <input type="hidden" name={optionValuesField(k)} value={listed} />
                      <button type="submit" name="intent" value={`remove_value:${k}:${v}`} formNoValidate className="rounded-full px-2 py-1 text-sm underline">
                        Remove
                        <span className="sr-only">{` ${listed} from ${optionName(k)}`}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
              <div className="mt-3 flex items-end gap-2">
                <div className="grow">
                  <TextField
                    label={`New value of ${optionName(k)}`}
                    name={optionNewField(k)}
                    autoComplete="off"
                    data-step={`add_value:${k}`}
                    defaultValue={value(optionNewField(k))}
                    error={errors[optionNewField(k)]}
                  />
                </div>
                <Step intent={`add_value:${k}`} className={`${STEP} py-2`}>
                  Add value
                  <span className="sr-only">{` to ${optionName(k)}`}</span>
                </Step>
              </div>
              <div className="mt-3">
                <Step intent={`remove_option:${k}`}>
                  Remove option
                  <span className="sr-only">{` ${optionName(k)}`}</span>
                </Step>
              </div>
            </fieldset>
          );
        })}
        <div className="flex flex-wrap gap-3">
          {optionCount < OPTION_FIELDS.length ? <Step intent="add_option">{optionCount === 0 ? "Add options like size or grind" : "Add option"}</Step> : null}
          {optionCount > 0 ? (
            <AdminButton name="intent" value="generate" formNoValidate>
              Generate variants
            </AdminButton>
          ) : null}
        </div>
      </AdminSection>

      <AdminSection title="Variants">
        <p className="mb-3 text-sm text-black/70">
          Prices in dollars. Stock is set here for new variants; change a saved variant&apos;s stock on its stock screen, with its reason.
        </p>
        {rows > 1 ? (
          <fieldset className="mb-4 rounded border border-black/20 p-3">
            <legend className="px-1 font-medium">Apply to all variants</legend>
            <div className="grid items-end gap-3 sm:grid-cols-3">
              {ALL_FIELDS.map((name) => (
                <TextField
                  key={name}
                  label={name === "all_price" ? "Price for all ($)" : "Stock for all new variants"}
                  name={name}
                  inputMode={name === "all_price" ? "decimal" : "numeric"}
                  autoComplete="off"
                  data-step="apply_all"
                  defaultValue={value(name)}
                />
              ))}
              <div>
                <Step intent="apply_all" className={`${STEP} py-2`}>
                  Apply to all
                </Step>
              </div>
            </div>
          </fieldset>
        ) : null}
        {going.length > 0 ? (
          <div className="mb-4 rounded border border-amber-700 bg-amber-50 p-3">
            <p className="font-medium">{`Saving removes ${going.length === 1 ? "this saved variant" : "these saved variants"}:`}</p>
            <ul className="list-disc pl-5">
              {going.map(([key, facts]) => (
                <li key={key}>{facts.orders > 0 ? `${facts.sku} (${orderCount(facts.orders)}; the orders keep what was bought)` : facts.sku}</li>
              ))}
            </ul>
            {sold ? (
              <>
                <label className="mt-2 flex items-center gap-2">
                  <input
                    type="checkbox"
                    name={REMOVE_SOLD_FIELD}
                    defaultChecked={value(REMOVE_SOLD_FIELD) === "on"}
                    aria-invalid={errors[REMOVE_SOLD_FIELD] ? true : undefined}
                    className="size-5 shrink-0"
                  />
                  Remove the variants with orders too
                </label>
                {errors[REMOVE_SOLD_FIELD] ? <p className="mt-1 text-sm text-red-800">{errors[REMOVE_SOLD_FIELD]}</p> : null}
              </>
            ) : null}
          </div>
        ) : null}
        <div className="flex flex-col gap-4">
          {Array.from({ length: rows }, (_, row) => {
            const field = (part: Parameters<typeof variantField>[1]) => variantField(row, part);
            const facts = value(field("existing")) === "1" ? saved[value(field("sku")).toLowerCase()] : undefined;
            const more = (["compare_at", "low_stock", "weight"] as const).map(field);
            return (
              <fieldset key={row} className="rounded border border-black/20 p-3">
                <legend className="px-1 font-medium">
                  Variant {row + 1}
                  {facts ? ` (${value(field("sku"))})` : ""}
                </legend>
                {facts ? <input type="hidden" name={field("existing")} value="1" /> : null}
                <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
                  {Array.from({ length: optionCount }, (_, k) => {
                    const part = `value_${k}` as Parameters<typeof variantField>[1];
                    return (
                      <TypedField key={k} form={form} label={value(OPTION_FIELDS[k]).trim() || `Option ${k + 1} value`} name={field(part)} />
                    );
                  })}
                  <TypedField form={form} label="SKU" name={field("sku")} />
                  <TypedField form={form} label="Price ($)" name={field("price")} inputMode="decimal" />
                  {facts ? (
                    <div>
                      <p className="mb-1 font-medium">Stock</p>
                      <p className="py-2">
                        <span>{facts.stock}</span> ·{" "}
                        <Link to={`/admin/inventory/${facts.variantId}`} className="underline">
                          Change stock
                          <span className="sr-only"> of {value(field("sku"))}</span>
                        </Link>
                      </p>
                    </div>
                  ) : (
                    <TypedField form={form} label="Stock" name={field("stock")} inputMode="numeric" />
                  )}
                </div>
                <details open={more.some((name) => value(name) !== "" || errors[name] !== undefined)} className="mt-3">
                  <summary className="cursor-pointer font-medium">Compare-at price, low stock and weight</summary>
                  <div className="mt-2 grid gap-3 sm:grid-cols-3">
                    <TypedField form={form} label="Compare-at price ($)" name={more[0]} inputMode="decimal" />
                    <TypedField form={form} label="Low-stock threshold" name={more[1]} inputMode="numeric" />
                    <TypedField form={form} label="Weight (grams)" name={more[2]} inputMode="numeric" />
                  </div>
                </details>
                <PlanFields row={row} form={form} />
                {rows > 1 ? (
                  <div className="mt-3">
                    <Step intent={`remove_row:${row}`}>
                      Remove variant
                      <span className="sr-only">{` ${row + 1}`}</span>
                    </Step>
                  </div>
                ) : null}
              </fieldset>
            );
          })}
        </div>
        <div className="mt-4">
          <Step intent="add_row">Add variant</Step>
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
    </DraftForm>
  );
}
