import { PAID_ANOTHER_WAY } from "@core/payment-links";
import { SelectField, TextField } from "~/components/account/form-parts";

const PAID_WITH_OPTIONS = PAID_ANOTHER_WAY.map((way) => ({ value: way, label: way[0].toUpperCase() + way.slice(1) }));

/**
 * How staff say an order or a draft was paid without its link (cash, a bank transfer...), with a note: the same two
 * fields wherever an amount is marked paid. `values` and `errors`: what was typed and refused, kept after a refusal.
 */
export function PaidAnotherWayFields({ values, errors }: { values?: { paid_with?: string; note?: string }; errors: { paid_with?: string; note?: string } }) {
  return (
    <>
      <SelectField label="Paid by" name="paid_with" options={PAID_WITH_OPTIONS} defaultValue={values?.paid_with ?? "bank transfer"} error={errors.paid_with} />
      <TextField label="Note (a reference, who took it)" name="note" maxLength={500} defaultValue={values?.note ?? ""} error={errors.note} />
    </>
  );
}
