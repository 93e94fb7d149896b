/** A payment link's words (decision 0057), apart from the lifecycle so the screens that name them carry nothing more. */
/** Why an order asks its customer for a payment link's amount: an edit's or an exchange's balance, or a draft's total. */
export const PAYMENT_LINK_PURPOSES = ["edit", "exchange", "draft"] as const;
export type PaymentLinkPurpose = (typeof PAYMENT_LINK_PURPOSES)[number];
/** A link is paid once, or cancelled when a later change or the order's end makes it owed no more. */
export const PAYMENT_LINK_STATUSES = ["open", "paid", "cancelled"] as const;
/** How staff took a payment link's amount other than by card. */
export const PAID_ANOTHER_WAY = ["cash", "bank transfer", "other"] as const;
