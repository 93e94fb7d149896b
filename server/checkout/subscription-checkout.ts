/**
 * A cart holding a subscription checks out without a session: the order and its stock hold first, then the
 * provider's subscription, whose first invoice charges the order's total.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { subtotalCents } from "../../core/cart";
import type { cartCheckoutSchema } from "../../core/schemas/checkout";
import type { z } from "zod";
import type { AppDeps } from "../context";
import { checkoutSessions, orders } from "../db/schema";
import { abandonOrder } from "../orders/orders";
import { unlessNotFound } from "../payments/provider";
import { recordReminderConsent } from "./cart-reminders";
import { quote } from "./quote";
import { SUPERSEDED_MESSAGE, CheckoutPaidError } from "./refusals";
import { checkoutableCart, checkoutDetails, orderFields, placeCartOrder } from "./cart-orders";
import { badInput, conflict, isRefusal } from "../../core/errors";
import { MIXED_PLANS_MESSAGE, planLabel, type IntervalUnit } from "../../core/subscriptions";

type CartCheckoutRequest = z.infer<typeof cartCheckoutSchema>;

const cartDetailsOf = (deps: AppDeps, storeId: string, cartId: string, body: CartCheckoutRequest) =>
  checkoutDetails(deps, storeId, cartId, { address: body.address, email: body.email, name: body.fullName, shippingOptionKey: body.shipping_option }, body.discount_code);

export async function previewCartCheckout(deps: AppDeps, storeId: string, cartId: string | undefined, body: CartCheckoutRequest) {
  const { priced } = await checkoutableCart(deps, storeId, cartId);
  const { priceInfo } = await quote(deps.db, storeId, priced.lines, await cartDetailsOf(deps, storeId, cartId!, body));
  await recordReminderConsent(deps.db, storeId, cartId, body.email, body.remind_me);
  return priceInfo;
}

/**
 * Orders a cart holding a subscription: the order and its stock hold first, then the provider's subscription whose
 * first invoice charges the order's total: the recurring lines plus everything one-time, less the order's discount.
 * One order per attempt and details: a submit with other details (after a declined card) is a new order, and the
 * cart's earlier one is superseded, as is any concurrent attempt's.
 */
export async function confirmSubscription(deps: AppDeps, storeId: string, cartId: string | undefined, body: CartCheckoutRequest) {
  const { priced } = await checkoutableCart(deps, storeId, cartId);
  const recurring = priced.lines.flatMap((line) => (line.kind === "product" && line.subscription ? [{ ...line, subscription: line.subscription }] : []));
  // One subscription renews on one schedule, as a provider's subscription does.
  if (new Set(recurring.map((line) => planLabel({ interval: line.subscription.interval, intervalUnit: line.subscription.intervalUnit as IntervalUnit }))).size > 1) {
    throw badInput(MIXED_PLANS_MESSAGE, "checkout_items");
  }
  const details = await cartDetailsOf(deps, storeId, cartId!, body);
  const q = await quote(deps.db, storeId, priced.lines, details);
  const fields = orderFields(storeId, deps, cartId!, priced.lines, details, q);
  await recordReminderConsent(deps.db, storeId, cartId, body.email, body.remind_me);
  // The subscription's amount cannot follow a changed order, so other details make another order.
  const attempt = createHash("sha256")
    .update(JSON.stringify([body.idempotency_key ?? null, priced.lines.map((line) => [line.key, line.quantity]), fields]))
    .digest("hex");
  const { order } = await placeCartOrder(deps, { ...fields, idempotencyKey: `subscription:${cartId}:${attempt}`, paymentReference: null });
  if (order.paymentReference) {
    const payment = await unlessNotFound(deps.payments.retrievePayment(order.paymentReference));
    if (payment?.status === "succeeded") throw new CheckoutPaidError(order.number);
    if (payment && payment.status !== "canceled") {
      return { order_id: order.id, client_secret: payment.clientSecret, payment_reference: payment.id, total: order.totalCents };
    }
  }
  const recurringCents = subtotalCents(recurring);
  let subscriptionId: string | null = null;
  try {
    const started = await deps.payments.createSubscription({
      email: details.email,
      name: order.customerName,
      items: recurring.map((line) => ({
        title: line.title,
        unitAmountCents: line.unitCents,
        quantity: line.quantity,
        interval: line.subscription.intervalUnit as "day" | "week" | "month" | "year",
        intervalCount: line.subscription.interval,
      })),
      // Before its discount the order is the recurring lines plus everything charged once (other lines, shipping, tax).
      oneTimeCents: order.totalCents + order.discountCents - recurringCents,
      discountCents: order.discountCents,
      metadata: { store_id: storeId, order_id: String(order.id) },
      // A replaced (canceled) subscription of the same order is not answered again.
      idempotencyKey: order.paymentReference ? `order:${order.id}:replacing:${order.paymentReference}` : `order:${order.id}`,
    });
    subscriptionId = started.subscriptionId;
    // Only while the order is still the cart's pending one: a concurrent submit that superseded it meanwhile saw no
    // payment to cancel, so this one is canceled here.
    const attached = await deps.db
      .update(orders)
      .set({ paymentReference: subscriptionId })
      .where(and(eq(orders.id, order.id), eq(orders.status, "pending")))
      .returning({ id: orders.id });
    if (attached.length === 0) {
      const payment = await deps.payments.cancelPayment(subscriptionId, { idempotencyKey: `superseded:${subscriptionId}` });
      throw payment.status === "succeeded" ? new CheckoutPaidError(null) : conflict(SUPERSEDED_MESSAGE);
    }
    await deps.db
      .insert(checkoutSessions)
      .values({ id: `cs_order_${order.id}`, storeId, cartId: cartId!, items: [], costCents: order.totalCents, orderId: order.id, paymentReference: subscriptionId })
      .onConflictDoUpdate({ target: checkoutSessions.id, set: { paymentReference: subscriptionId } });
    return {
      order_id: order.id,
      client_secret: started.payment.clientSecret,
      payment_reference: subscriptionId,
      total: order.totalCents,
    };
  } catch (error) {
    if (!isRefusal(error) || subscriptionId === null) await abandonOrder(deps, order);
    throw error;
  }
}
