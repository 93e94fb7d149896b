/**
 * Carts that come back (decision 0037): the bounds of the owner's reminder delay, shared by the settings schema the
 * shop reads with and the settings screen that says them.
 */
export const REMINDER_DELAY_MINUTES = {
  /** A minute: enough for an owner to try the reminder on their own shop. */
  min: 1,
  /** A week: a later reminder no longer reminds of anything. */
  max: 7 * 24 * 60,
  /** Four hours. */
  default: 4 * 60,
} as const;

/** What the checkout's consent box says, in the shopper's words. */
export const REMINDER_CONSENT_LABEL = "Email me a reminder if I don't finish my order";
