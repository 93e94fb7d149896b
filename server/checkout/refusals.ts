import { DomainError } from "../../core/errors";
/** What a checkout that can no longer go on is told. */

export const SESSION_NOT_FOUND_MESSAGE = "Checkout session not found";

export const ALREADY_PAID_MESSAGE = "This order has already been paid.";

/** Said to a submit whose order another checkout of the same cart took over (two tabs, or a second session). */
export const SUPERSEDED_MESSAGE = "This checkout was replaced by a newer one for the same cart. Please reload the page.";

/** Said to a card form confirming a payment that was canceled when another checkout of its cart took over. */
export const CANCELED_PAYMENT_MESSAGE = "This payment was canceled because the cart was checked out again. Please reload the page.";

/** Said while the provider is still settling a payment: changing the order now could charge another sum. */
export const PAYMENT_PROCESSING_MESSAGE = "Your payment is being processed. Please wait a moment before trying again.";

/** A checkout whose order is paid (or was, and was shipped or given back since): it can never be paid again. */
export class CheckoutPaidError extends DomainError {
  constructor(readonly orderNumber: number | null) {
    super("conflict", ALREADY_PAID_MESSAGE);
  }
}
