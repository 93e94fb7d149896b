/**
 * The discount code's form: its code, what it takes off (percent with an optional cap, an amount, or shipping), and
 * when and for whom it works. Money is typed in dollars, days as the shop's days (decision 0068); it posts whole and works before JavaScript.
 */
import { FieldError, TextField } from "~/components/account/form-parts";
import { DraftForm } from "~/components/admin/draft-form";
import { useShopTimeZone } from "~/components/admin/when";
import { AdminSection } from "~/components/admin/admin-page";
import { placeErrors, type ErrorBody } from "~/lib/form-error";
import { DISCOUNT_FIELDS, type DiscountDraft } from "./discount-draft";

const TYPES: { value: DiscountDraft["type"]; label: string }[] = [
  { value: "percentage", label: "Percentage off the order" },
  { value: "fixed_amount", label: "Fixed amount off the order" },
  { value: "free_shipping", label: "Free shipping only" },
];

export function DiscountForm({ draft, errors, submitLabel }: { draft: DiscountDraft; errors: readonly ErrorBody[]; submitLabel: string }) {
  const placed = placeErrors(errors, DISCOUNT_FIELDS);
  const timeZone = useShopTimeZone();
  return (
    <DraftForm placed={placed} saveLabel={submitLabel}>
      <AdminSection title="Code">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Code (shoppers may type it in any case)"
            name="code"
            defaultValue={draft.code}
            error={placed.at.code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
        </div>
      </AdminSection>
      <AdminSection title="What it takes off">
        <fieldset aria-describedby={placed.at.type ? "discount-type-error" : undefined}>
          <legend className="mb-2 font-medium">Kind of discount</legend>
          <div className="flex flex-col gap-2">
            {TYPES.map((type) => (
              <label key={type.value} className="flex items-center gap-2">
                <input type="radio" name="type" value={type.value} defaultChecked={draft.type === type.value} className="size-5 shrink-0" />
                {type.label}
              </label>
            ))}
          </div>
          <FieldError id="discount-type-error" error={placed.at.type} />
        </fieldset>
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          <TextField label="Percentage (percentage codes)" name="percentage" inputMode="numeric" defaultValue={draft.percentage} error={placed.at.percentage} autoComplete="off" />
          <TextField label="Cap in dollars (optional)" name="cap" inputMode="decimal" defaultValue={draft.cap} error={placed.at.cap} autoComplete="off" />
          <TextField label="Amount in dollars (fixed codes)" name="amount" inputMode="decimal" defaultValue={draft.amount} error={placed.at.amount} autoComplete="off" />
        </div>
        <label className="mt-4 flex items-center gap-2">
          <input type="checkbox" name="free_shipping" defaultChecked={draft.freeShipping} className="size-5 shrink-0" />
          Free shipping as well
        </label>
      </AdminSection>
      <AdminSection title="When and for whom">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Limit of redemptions" name="max_redemptions" inputMode="numeric" defaultValue={draft.maxRedemptions} error={placed.at.max_redemptions} autoComplete="off" />
          <TextField label="Minimum subtotal in dollars (optional)" name="minimum_subtotal" inputMode="decimal" defaultValue={draft.minimumSubtotal} error={placed.at.minimum_subtotal} autoComplete="off" />
          <p className="text-sm sm:col-span-2">
            Days are the shop&apos;s, in {timeZone}: a code works from midnight at the start of its first day to midnight at the end of its last.
          </p>
          <TextField label="First day (optional)" name="starts_on" type="date" defaultValue={draft.startsOn} error={placed.at.starts_on} />
          <TextField label="Last day (optional)" name="ends_on" type="date" defaultValue={draft.endsOn} error={placed.at.ends_on} />
          <label className="flex items-center gap-2 sm:col-span-2">
            <input type="checkbox" name="once_per_customer" defaultChecked={draft.oncePerCustomer} className="size-5 shrink-0" />
            Once per customer (one paid order per email address)
          </label>
          <label className="flex items-center gap-2 sm:col-span-2">
            <input type="checkbox" name="applies_to_renewals" defaultChecked={draft.appliesToRenewals} className="size-5 shrink-0" />
            Applies to subscription renewals too (every delivery of a subscription bought with it, not the first order alone)
          </label>
        </div>
      </AdminSection>
    </DraftForm>
  );
}
