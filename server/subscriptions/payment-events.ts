/**
 * Every provider event, from a webhook or delivered in-process: a payment's status goes to the order it pays
 * (server/orders/payment-events.ts), and a paid first order of a subscription checkout starts the shop's record of
 * the subscription; a renewal's outcome goes to the subscription (renewals.ts); a card the subscriber set up on the
 * provider's page becomes the subscription's (changes.ts); a payment link's payment goes to the link
 * (server/orders/payment-links.ts).
 */
import type { AppDeps } from "../context";
import { logger } from "../logger";
import { applyPaymentEvent as applyToOrder, orderByPayment, type Outcome } from "../orders/payment-events";
import { applyLinkPaymentEvent, linkByPayment } from "../orders/payment-links";
import type { PaymentEvent } from "../payments/provider";
import { applyCardSetUp } from "./changes";
import { startSubscriptions } from "./records";
import { applyRenewalDeclined, applyRenewalDrafted, applyRenewalPaid } from "./renewals";

export async function applyPaymentEvent(deps: AppDeps, event: PaymentEvent): Promise<Outcome> {
  switch (event.type) {
    case "subscription.renewed":
      return applyRenewalPaid(deps, event, (await orderByPayment(deps, event.paymentId)) ?? undefined);
    case "subscription.renewal-failed":
      return applyRenewalDeclined(deps, event);
    case "subscription.renewal-drafted":
      return applyRenewalDrafted(deps, event);
    case "subscription.card-set-up":
      return applyCardSetUp(deps, event);
    default: {
      // A link's payment settles the link; once a paid draft has made it the order's own, the rest of its story (a
      // refund made at the provider) is the order's, as a checkout's payment's is.
      const link = await linkByPayment(deps, event.paymentId);
      if (link && (event.type === "payment.succeeded" || !(await orderByPayment(deps, event.paymentId)))) return applyLinkPaymentEvent(deps, link, event);
      const outcome = await applyToOrder(deps, event);
      if (outcome === "applied" && event.type === "payment.succeeded") {
        const order = await orderByPayment(deps, event.paymentId);
        if (order) await startSubscriptions(deps, { orderId: order.id });
      }
      return outcome;
    }
  }
}

/** For in-process event delivery, where nobody waits on the result: failures are logged, never thrown. */
export async function applyPaymentEventLogged(deps: AppDeps, event: PaymentEvent): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await applyPaymentEvent(deps, event);
      return;
    } catch (error) {
      // A deadlock or serialisation failure rolled the whole transaction back; trying again is safe.
      if (attempt < 3 && isTransient(error)) continue;
      logger.error({ err: error, eventId: event.id }, "payment event could not be applied");
      return;
    }
  }
}

function isTransient(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } })?.cause?.code ?? (error as { code?: string })?.code;
  return code === "40P01" || code === "40001";
}
