/**
 * The discount form's values as the page holds them: money in dollars and days as typed. Reading a post and the
 * input it makes are the server's (routes/admin.discounts.form.server.ts), so the schemas stay out of the pages' scripts.
 * Days are the shop's, in its time zone: a code works from the start of its first day to the end of its last.
 */
import { formatMoney } from "@core/money";
import { noticeTable } from "./notices";

export type DiscountDraft = {
  code: string;
  type: "percentage" | "fixed_amount" | "free_shipping";
  percentage: string;
  /** Dollars; empty: no cap. */
  cap: string;
  amount: string;
  freeShipping: boolean;
  maxRedemptions: string;
  /** YYYY-MM-DD, the shop's day; empty: at once / no end. */
  startsOn: string;
  endsOn: string;
  minimumSubtotal: string;
  oncePerCustomer: boolean;
  appliesToRenewals: boolean;
};

export const DISCOUNT_FIELDS = [
  "code",
  "type",
  "percentage",
  "cap",
  "amount",
  "free_shipping",
  "max_redemptions",
  "starts_on",
  "ends_on",
  "minimum_subtotal",
  "once_per_customer",
  "applies_to_renewals",
] as const;

/** The API's field names as the form calls them: money is typed in dollars. */
export const FORM_FIELD_OF_INPUT: Record<string, (typeof DISCOUNT_FIELDS)[number]> = {
  max_discount_cents: "cap",
  amount_cents: "amount",
  minimum_subtotal_cents: "minimum_subtotal",
};

export function emptyDiscountDraft(): DiscountDraft {
  return {
    code: "",
    type: "percentage",
    percentage: "",
    cap: "",
    amount: "",
    freeShipping: false,
    maxRedemptions: "100",
    startsOn: "",
    endsOn: "",
    minimumSubtotal: "",
    oncePerCustomer: false,
    appliesToRenewals: false,
  };
}

const dollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

export type DiscountView = {
  code: string;
  type: DiscountDraft["type"];
  percentage: number | null;
  maxDiscountCents: number | null;
  amountCents: number | null;
  freeShipping: boolean;
  maxRedemptions: number;
  startsOn: string | null;
  endsOn: string | null;
  minimumSubtotalCents: number | null;
  oncePerCustomer: boolean;
  appliesToRenewals: boolean;
};

export function draftOfDiscount(discount: DiscountView): DiscountDraft {
  return {
    code: discount.code,
    type: discount.type,
    percentage: discount.percentage === null ? "" : String(discount.percentage),
    cap: dollars(discount.maxDiscountCents),
    amount: dollars(discount.amountCents),
    freeShipping: discount.type !== "free_shipping" && discount.freeShipping,
    maxRedemptions: String(discount.maxRedemptions),
    startsOn: discount.startsOn ?? "",
    endsOn: discount.endsOn ?? "",
    minimumSubtotal: dollars(discount.minimumSubtotalCents),
    oncePerCustomer: discount.oncePerCustomer,
    appliesToRenewals: discount.appliesToRenewals,
  };
}

export const STATE_LABELS = {
  active: "Active",
  scheduled: "Scheduled",
  expired: "Expired",
  used_up: "Used up",
  paused: "Paused",
  ended: "Ended",
} as const;

/** The code's terms in a few words, as the list shows them. */
export function termsOf(discount: DiscountView): string {
  const parts =
    discount.type === "percentage"
      ? [`${discount.percentage} % off${discount.maxDiscountCents === null ? "" : `, at most ${formatMoney(discount.maxDiscountCents)}`}`]
      : discount.type === "fixed_amount"
        ? [`${formatMoney(discount.amountCents ?? 0)} off`]
        : [];
  if (discount.type === "free_shipping" || discount.freeShipping) parts.push("free shipping");
  if (discount.minimumSubtotalCents !== null) parts.push(`orders from ${formatMoney(discount.minimumSubtotalCents)}`);
  if (discount.oncePerCustomer) parts.push("once per customer");
  if (discount.appliesToRenewals) parts.push("subscription renewals too");
  return parts.join("; ");
}

/** Successes told after their redirect, as the other screens' are: the address carries a key only. */
export const DISCOUNT_NOTICES = noticeTable({
  "discount-saved": "Discount saved; the shop applies it now.",
  "discount-paused": "Discount paused; shoppers cannot use it until you resume it.",
  "discount-resumed": "Discount resumed; shoppers can use it again.",
  "discount-ended": "Discount ended; shoppers can no longer use it.",
  "welcome-saved": "Welcome offer saved; the popup shows it now.",
});
