/**
 * The one form that changes a variant's stock on the back office's screens: by an amount (+/−) or to a counted
 * number, with its reason and an optional note. It posts to the screen it is on (intent `adjust`), so it works before
 * JavaScript loads; a refusal comes back with what was typed and each message beside its field.
 */
import { Form } from "react-router";
import { STOCK_REASONS } from "@core/catalog-admin";
import { SelectField, TextField } from "~/components/account/form-parts";
import { AdminButton } from "./admin-form";

export const STOCK_FORM_FIELDS = ["mode", "amount", "reason", "note"] as const;
export type StockFormField = (typeof STOCK_FORM_FIELDS)[number];

export const STOCK_REASON_LABELS: Record<(typeof STOCK_REASONS)[number], string> = {
  received: "Received",
  sold: "Sold",
  returned: "Returned",
  damaged: "Damaged",
  correction: "Correction",
};

const MODES = [
  { value: "change", label: "Change by (+/−)" },
  { value: "set", label: "Set to (counted)" },
];
const REASONS = STOCK_REASONS.map((reason) => ({ value: reason, label: STOCK_REASON_LABELS[reason] }));

export function StockAdjustForm({
  variantId,
  sku,
  errors = {},
  values,
  formError,
  compact = false,
}: {
  variantId: number;
  sku: string;
  errors?: Partial<Record<StockFormField, string>>;
  /** What a refused post sent, to keep it. */
  values?: Partial<Record<StockFormField, string>>;
  formError?: string;
  compact?: boolean;
}) {
  return (
    <Form method="post" aria-label={`Adjust the stock of ${sku}`} className={`grid items-start gap-3 ${compact ? "sm:grid-cols-2" : "sm:grid-cols-[1fr_1fr_1fr_2fr_auto]"}`}>
      <input type="hidden" name="variant_id" value={variantId} />
      <SelectField label="How" name="mode" options={MODES} defaultValue={values?.mode ?? "change"} error={errors.mode} />
      <TextField
        label="Amount"
        name="amount"
        inputMode="numeric"
        pattern="[+\-]?[0-9]+"
        required
        defaultValue={values?.amount}
        error={errors.amount}
        autoComplete="off"
      />
      <SelectField label="Reason" name="reason" options={REASONS} defaultValue={values?.reason ?? "received"} error={errors.reason} />
      <TextField label="Note (optional)" name="note" maxLength={500} defaultValue={values?.note} error={errors.note} autoComplete="off" />
      <div className={compact ? "sm:col-span-2" : "sm:pt-7"}>
        <AdminButton name="intent" value="adjust">
          Save
        </AdminButton>
      </div>
      {formError ? (
        <p role="alert" className={`text-sm text-red-800 ${compact ? "sm:col-span-2" : "sm:col-span-5"}`}>
          {formError}
        </p>
      ) : null}
    </Form>
  );
}
