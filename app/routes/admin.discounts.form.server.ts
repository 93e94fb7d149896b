/**
 * The discount form as posted: what the owner typed (dollars, percent, the shop's days) and the DiscountInput it makes
 * (cents, days), parsed with the admin API's schema so both refuse the same things in the same words.
 */
import { discountInputSchema, welcomeOfferInputSchema, type DiscountInput, type WelcomeOfferInput } from "@core/schemas/admin-discounts";
import { TYPED_DOLLARS_MESSAGE, typedDollarsToCents } from "@core/money";
import type { ErrorBody } from "~/lib/form-error";
import { FORM_FIELD_OF_INPUT, type DiscountDraft } from "~/components/admin/discount-draft";

const text = (form: FormData, name: string) => String(form.get(name) ?? "");
const TYPES: readonly DiscountDraft["type"][] = ["percentage", "fixed_amount", "free_shipping"];

export function readDiscountForm(form: FormData): DiscountDraft {
  const type = text(form, "type");
  return {
    code: text(form, "code"),
    type: TYPES.find((known) => known === type) ?? "percentage",
    percentage: text(form, "percentage"),
    cap: text(form, "cap"),
    amount: text(form, "amount"),
    freeShipping: form.get("free_shipping") === "on",
    maxRedemptions: text(form, "max_redemptions"),
    startsOn: text(form, "starts_on"),
    endsOn: text(form, "ends_on"),
    minimumSubtotal: text(form, "minimum_subtotal"),
    oncePerCustomer: form.get("once_per_customer") === "on",
    appliesToRenewals: form.get("applies_to_renewals") === "on",
  };
}

/** Reads the fields typed as text into numbers and moments, or the problems each has, named as the form names them. */
export function discountInputOfDraft(draft: DiscountDraft): { input: DiscountInput; errors?: undefined } | { errors: ErrorBody[] } {
  const errors: ErrorBody[] = [];
  const cents = (value: string, field: string) => {
    const typed = typedDollarsToCents(value);
    if (!Number.isNaN(typed)) return typed;
    errors.push({ error: TYPED_DOLLARS_MESSAGE, field });
    return null;
  };
  const whole = (value: string, field: string, what: string) => {
    const typed = value.trim().replace(/\s*%$/, "");
    if (typed === "") return null;
    if (!/^\d{1,9}$/.test(typed)) {
      errors.push({ error: `${what} must be a whole number`, field });
      return null;
    }
    return Number(typed);
  };
  const day = (value: string) => (value.trim() === "" ? null : value.trim());
  const candidate = {
    code: draft.code,
    type: draft.type,
    percentage: draft.type === "percentage" ? whole(draft.percentage, "percentage", "Percentage") : null,
    max_discount_cents: draft.type === "percentage" ? cents(draft.cap, "cap") : null,
    amount_cents: draft.type === "fixed_amount" ? cents(draft.amount, "amount") : null,
    free_shipping: draft.type !== "free_shipping" && draft.freeShipping,
    max_redemptions: whole(draft.maxRedemptions, "max_redemptions", "Limit"),
    starts_on: day(draft.startsOn),
    ends_on: day(draft.endsOn),
    minimum_subtotal_cents: cents(draft.minimumSubtotal, "minimum_subtotal"),
    once_per_customer: draft.oncePerCustomer,
    applies_to_renewals: draft.appliesToRenewals,
  };
  const parsed = discountInputSchema.safeParse(candidate);
  const seen = new Set(errors.map((error) => error.field));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = String(issue.path[0] ?? "");
      const field = FORM_FIELD_OF_INPUT[path] ?? path;
      if (seen.has(field)) continue;
      seen.add(field);
      errors.push({ error: issue.message, field });
    }
  }
  if (errors.length > 0 || !parsed.success) return { errors };
  return { input: parsed.data };
}

/** The form's name for a field an editor refused (the code, mostly). */
export const formFieldOf = (field: string | undefined) => (field === undefined ? undefined : (FORM_FIELD_OF_INPUT[field] ?? field));

export function welcomeOfferInputOf(form: FormData): { input: WelcomeOfferInput; errors?: undefined } | { errors: ErrorBody[] } {
  const typed = text(form, "welcome_percentage").trim().replace(/\s*%$/, "");
  const parsed = welcomeOfferInputSchema.safeParse({
    enabled: form.get("welcome_enabled") === "on",
    percentage: /^\d{1,9}$/.test(typed) ? Number(typed) : Number.NaN,
  });
  if (parsed.success) return { input: parsed.data };
  return { errors: [{ error: "Percentage must be a whole number from 1 to 100", field: "welcome_percentage" }] };
}
