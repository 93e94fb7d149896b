/**
 * The stored cart as an order: refused when it cannot be checked out, then placed as the cart's one pending order,
 * holding its stock, with another checkout's order of the same cart superseded (its payment canceled).
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import { lineTotalCents, type CartLine } from "../../core/cart";
import { formatMoney } from "../../core/money";
import { INCOMPLETE_ADDRESS_MESSAGE } from "../../core/checkout-messages";
import type { CheckoutAddress } from "../../core/schemas/checkout";
import type { AppDeps } from "../context";
import { orders, type PostalAddress } from "../db/schema";
import { problemText, type PricedLine } from "../cart/pricing";
import { getCartDiscountCode, getCartLines, priceStoredCart, setCartDiscountCode, type StoredCartLine } from "../cart/store";
import { isPlaced, ORDER_GROUPS } from "../../core/order-lifecycle";
import { closeSupersededOrder, createPendingOrder, isPendingCartConflict, rewriteUnpaidOrder, withLineTaxes, type NewOrder, type Order } from "../orders/orders";
import { unlessNotFound } from "../payments/provider";
import { getStoreSettings } from "../store/settings";
import { assertMinimumOrder, type CheckoutDetails, type Quote, type QuoteTaxes } from "./quote";
import { CheckoutPaidError, SUPERSEDED_MESSAGE } from "./refusals";
import { badInput, conflict, forbidden, ruleBroken } from "../../core/errors";

/** The stored cart, refused when it cannot be checked out: empty, changed under the shopper, below the minimum. */
export async function checkoutableCart(deps: AppDeps, storeId: string, cartId: string | undefined) {
  const settings = await getStoreSettings(deps.db, storeId);
  if (!settings.checkout.enabled) throw forbidden("Checkout is currently not available");
  if (!cartId) throw ruleBroken("Your cart is empty");
  const [priced, stored] = await Promise.all([priceStoredCart(deps.db, storeId, cartId), getCartLines(deps.db, storeId, cartId)]);
  if (priced.problems.length > 0) {
    throw conflict(`Your cart changed: ${priced.problems.map(problemText).join("; ")}`);
  }
  if (priced.lines.length === 0) throw ruleBroken("Your cart is empty");
  assertMinimumOrder(settings, priced.totalCents);
  return { priced, stored };
}

export function staleLines(lines: readonly PricedLine[], snapshot: readonly StoredCartLine[]): string[] {
  return lines.flatMap((line, index) =>
    snapshot[index]?.unitPriceCents != null && snapshot[index].unitPriceCents !== line.unitCents
      ? [`the price of ${line.title} is now ${formatMoney(line.unitCents)}`]
      : [],
  );
}

export function addressOf(address: CheckoutAddress, name: string | null | undefined): PostalAddress {
  const addressee = (name ?? address.name ?? "").trim();
  if (!addressee) throw badInput(`${INCOMPLETE_ADDRESS_MESSAGE} (full name is required)`, "name");
  return {
    name: addressee,
    line1: address.line1,
    line2: address.line2 ?? null,
    city: address.city,
    state: address.state.toUpperCase(),
    postal_code: address.postal_code,
    country: address.country.toUpperCase(),
  };
}

/**
 * The discount lives in the stored cart alone: a code the request names (the spec's `discount_code`) is applied to
 * the cart first, as the drawer's Apply would, and the quote reads the cart's code.
 */
/**
 * What a checkout request says of the buyer, with the code to price: the one the request names (kept on the cart
 * from now on), or without one the cart's own.
 */
export async function checkoutDetails(
  deps: AppDeps,
  storeId: string,
  cartId: string,
  buyer: Omit<CheckoutDetails, "discountCode">,
  requestedCode: string | null | undefined,
): Promise<CheckoutDetails> {
  const discountCode =
    requestedCode === undefined ? await getCartDiscountCode(deps.db, storeId, cartId) : await setCartDiscountCode(deps.db, storeId, cartId, requestedCode);
  return { ...buyer, discountCode };
}

export const isSubscribed = (line: CartLine) => line.kind === "product" && line.subscription !== null;

/**
 * The one way an order's lines are made from priced lines: each with the tax the quote gave it (its discount share and
 * its rate), so the order keeps the rate it was charged whatever the owner changes later (decision 0063).
 */
export function orderLinesOf(lines: readonly PricedLine[], taxes: QuoteTaxes) {
  return withLineTaxes(
    lines.map((line) => ({
      kind: line.kind,
      title: line.title,
      productHandle: line.kind === "product" ? line.handle : null,
      sku: line.kind === "product" ? line.sku : null,
      bundleId: line.kind === "bundle" ? line.bundleId : null,
      subscriptionId: line.kind === "product" ? (line.subscription?.id ?? null) : null,
      attributes: line.kind === "product" ? line.attributes : { ...line.selectedVariants },
      stockComponents: line.stockComponents,
      quantity: line.quantity,
      unitPriceCents: line.unitCents,
      lineTotalCents: lineTotalCents(line),
    })),
    taxes,
  );
}

export function orderFields<Cart extends string | null>(storeId: string, deps: AppDeps, cartId: Cart, lines: readonly PricedLine[], details: CheckoutDetails, q: Quote) {
  const address = addressOf(details.address, details.name);
  return {
    storeId,
    cartId,
    email: details.email,
    customerName: address.name,
    shippingAddress: address,
    shippingOptionKey: q.shipping.key,
    subtotalCents: q.priceInfo.subtotal,
    discountCents: q.priceInfo.discount,
    shippingCents: q.priceInfo.shipping,
    taxCents: q.priceInfo.tax,
    shippingTaxRateBasisPoints: q.taxes.shippingRateBasisPoints,
    totalCents: q.priceInfo.total,
    discountCode: q.discount?.code ?? null,
    paymentProvider: deps.payments.name,
    lines: orderLinesOf(lines, q.taxes),
  };
}

export type OrderFields = Omit<NewOrder, "idempotencyKey" | "paymentReference">;

/** Whether a pending order already says what this submit asks for (a double click, a retry), lines aside: a
 * checkout's lines are fixed by its session or its attempt key, and a changed price is refused before this. */
function holdsAlready(order: Order, fields: OrderFields) {
  return (
    order.status === "pending" &&
    order.email === fields.email &&
    order.customerName === fields.customerName &&
    JSON.stringify(order.shippingAddress) === JSON.stringify(fields.shippingAddress) &&
    order.shippingOptionKey === fields.shippingOptionKey &&
    order.discountCode === fields.discountCode &&
    order.subtotalCents === fields.subtotalCents &&
    order.discountCents === fields.discountCents &&
    order.shippingCents === fields.shippingCents &&
    order.taxCents === fields.taxCents &&
    order.totalCents === fields.totalCents
  );
}

/**
 * Takes another checkout's order of the cart out of the way: its payment canceled first, so it can never be paid,
 * then the order closed, its stock and discount given back. A payment that succeeded (or is being settled) refuses
 * the new checkout instead: the cart is paid for. An order whose payment was replaced meanwhile has that one canceled.
 */
async function supersede(deps: AppDeps, other: Order) {
  let order = other;
  for (;;) {
    const reference = order.paymentReference;
    if (reference) {
      const payment = await unlessNotFound(
        deps.payments.cancelPayment(reference, { idempotencyKey: `supersede:${order.id}:${reference}` }),
      );
      if (payment?.status === "succeeded" || payment?.status === "processing") throw new CheckoutPaidError(order.number);
    }
    const { order: now, settled } = await closeSupersededOrder(deps, order.id, reference);
    if (isPlaced(now.status)) throw new CheckoutPaidError(now.number);
    if (settled) return;
    order = now;
  }
}

/** Every other unpaid order of the cart: a pending one holds the cart's one pending place, a failed one's payment could still be paid. */
async function supersedeOtherOrders(deps: AppDeps, storeId: string, cartId: string, keepKey: string) {
  const others = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.cartId, cartId),
        inArray(orders.status, [...ORDER_GROUPS.unpaid]),
        ne(orders.idempotencyKey, keepKey),
      ),
    );
  for (const other of others) await supersede(deps, other);
}

/** Concurrent submits of one cart each take the pending place from the others at most this often before giving up. */
const CART_ORDER_ATTEMPTS = 10;

/**
 * The checkout's order as the cart's one pending order: made, or (made by an earlier submit of the same checkout)
 * rewritten to this submit's details and held again. Any other checkout's unpaid order of the cart is superseded
 * first; one that a concurrent submit makes meanwhile meets the unique index and is superseded in turn.
 */
export async function placeCartOrder(deps: AppDeps, input: NewOrder & { cartId: string }): Promise<{ order: Order; changed: boolean }> {
  for (let attempt = 1; ; attempt++) {
    await supersedeOtherOrders(deps, input.storeId, input.cartId, input.idempotencyKey);
    try {
      const { order, created } = await createPendingOrder(deps, input);
      if (created) return { order, changed: true };
      if (holdsAlready(order, input)) return { order, changed: false };
      const { idempotencyKey: _key, paymentReference: _reference, ...fields } = input;
      const rewritten = await rewriteUnpaidOrder(deps, order.id, fields);
      if (isPlaced(rewritten.status)) throw new CheckoutPaidError(rewritten.number);
      return { order: rewritten, changed: true };
    } catch (error) {
      if (!isPendingCartConflict(error)) throw error;
      if (attempt === CART_ORDER_ATTEMPTS) throw conflict(SUPERSEDED_MESSAGE);
    }
  }
}
