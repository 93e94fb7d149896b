/**
 * Discount codes as the cart and the checkout see them (docs/product.md, States: Discount; Rules: Discounts), and the
 * one place that says whether a code may be used: the owner's back office (server/discounts/) edits exactly the fields
 * read here. Amounts are core's discountCents; a code's redemption is taken atomically with its order
 * (orders/orders.ts, redeemDiscount).
 */
import { and, eq, inArray, ne, sql, type Column } from "drizzle-orm";
import { meetsMinimumSubtotal, minimumSubtotalMessage, type Discount } from "../../core/cart";
import type { Database, Tx } from "../db/client";
import { discounts, orders } from "../db/schema";
import { ORDER_GROUPS } from "../../core/order-lifecycle";
import { restrictedCodeAllows } from "../newsletter/welcome";
import { normalizeEmail } from "../../core/email-address";
import { conflict } from "../../core/errors";
import { dayRange } from "../../core/shop-time";
import { shopTimeZone } from "../store/settings";

export type DiscountRow = typeof discounts.$inferSelect;

/** A stored code (a discount's, or the one an order used) matching `code` as the shop compares codes: whatever the case. */
export const codeIs = (column: Column, code: string) => eq(sql`lower(${column})`, code.toLowerCase());

/** Said when a code restricted to one address (the welcome code) is used with another address, or again. */
export const RESTRICTED_DISCOUNT_MESSAGE =
  "This code only works with the email address it was sent to, and only on that address's first order";
export const ONCE_PER_CUSTOMER_MESSAGE = "This code can be used once per customer, and this email address has used it";

export type DiscountWindow = { start: Date | null; end: Date | null };

/**
 * When a code works (decision 0068): from the shop's midnight beginning its first day to the one ending its last, in
 * the shop's time zone now, each day as long as the zone makes it (23 or 25 hours across a daylight-saving change).
 * The one reading of a code's days: the checkout's check, the back office's state and the admin API's moments.
 */
export function discountWindow(row: Pick<DiscountRow, "startsOn" | "endsOn">, timeZone: string): DiscountWindow {
  return {
    start: row.startsOn === null ? null : dayRange(row.startsOn, timeZone).start,
    end: row.endsOn === null ? null : dayRange(row.endsOn, timeZone).end,
  };
}

/**
 * Whether a code can be redeemed at `now` by anyone: active (neither paused nor ended), inside its days, with
 * redemptions left. The popup's template row is never redeemable itself.
 */
export function isRedeemableNow(row: DiscountRow, now: Date, timeZone: string): boolean {
  if (row.isPopup || row.status !== "active") return false;
  const { start, end } = discountWindow(row, timeZone);
  if (start !== null && now < start) return false;
  if (end !== null && now >= end) return false;
  return row.maxRedemptions - row.redemptions >= 1;
}

async function codeRow(db: Database, storeId: string, code: string): Promise<DiscountRow | null> {
  const trimmed = code.trim();
  if (trimmed === "") return null;
  const [row] = await db
    .select()
    .from(discounts)
    .where(and(eq(discounts.storeId, storeId), codeIs(discounts.code, trimmed)));
  return row ?? null;
}

/** `maxRedemptions` is what is left, so core's rule (void below 1) reads it right. */
function discountOf(row: DiscountRow): Discount {
  return {
    code: row.code,
    percentage: row.percentage,
    maxRedeemableCents: row.maxRedeemableCents,
    amountCents: row.amountCents,
    maxRedemptions: row.maxRedemptions - row.redemptions,
    freeShipping: row.freeShipping,
    minimumSubtotalCents: row.minimumSubtotalCents,
  };
}

/**
 * Another order by this address with this code: a paid one (whatever happened to it after) or, when the order being
 * made asks (`claimedBy`), one still waiting for payment, which holds its claim until it is paid or let go.
 */
async function hasUsedCode(db: Database | Tx, storeId: string, code: string, email: string, claimedBy?: number): Promise<boolean> {
  const [earlier] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        codeIs(orders.discountCode, code),
        eq(sql`lower(${orders.email})`, normalizeEmail(email)),
        claimedBy === undefined ? inArray(orders.status, [...ORDER_GROUPS.placed]) : inArray(orders.status, [...ORDER_GROUPS.placed, "pending"]),
        claimedBy === undefined ? undefined : ne(orders.id, claimedBy),
      ),
    )
    .limit(1);
  return earlier !== undefined;
}

/**
 * Refuses the order `orderId` a once-per-customer code its address has used or holds on another order. Called in
 * the order's transaction after the code's redemption is taken: that update locks the code's row, so two checkouts
 * by one address wait for each other here and the second sees the first's order.
 */
export async function claimOncePerCustomer(tx: Tx, storeId: string, code: string, email: string, orderId: number) {
  const [row] = await tx
    .select({ oncePerCustomer: discounts.oncePerCustomer })
    .from(discounts)
    .where(and(eq(discounts.storeId, storeId), codeIs(discounts.code, code)));
  if (row?.oncePerCustomer && (await hasUsedCode(tx, storeId, code, email, orderId))) {
    throw conflict(ONCE_PER_CUSTOMER_MESSAGE, "discount_code");
  }
}

/** Why this buyer may not use a code anyone else could, or null. */
async function buyerRefusal(db: Database, storeId: string, row: DiscountRow, email: string): Promise<string | null> {
  if (row.restrictedToEmail !== null && !(await restrictedCodeAllows(db, storeId, row.restrictedToEmail, email))) {
    return RESTRICTED_DISCOUNT_MESSAGE;
  }
  if (row.oncePerCustomer && (await hasUsedCode(db, storeId, row.code, email))) return ONCE_PER_CUSTOMER_MESSAGE;
  return null;
}

/**
 * The discount a placed order's code gives when the order is edited (decision 0058): the order holds its redemption
 * and its claim already, so neither the redemptions left nor once per customer refuse it, and the terms it was sold
 * with stand even if the code was paused or ended since; a code deleted since gives nothing.
 */
export async function discountKeptByOrder(db: Database, storeId: string, code: string): Promise<Discount | null> {
  const row = await codeRow(db, storeId, code);
  if (!row || row.isPopup) return null;
  return { ...discountOf(row), maxRedemptions: row.maxRedemptions - row.redemptions + 1 };
}

/**
 * The discount a code names, or null when the store has no such code or it cannot be redeemed now. Codes match
 * whatever their case. With the buyer's email known (checkout), a code this buyer may not use is null too; the cart,
 * which knows no email, shows it.
 */
export async function findDiscount(db: Database, storeId: string, code: string, buyer?: { email: string }): Promise<Discount | null> {
  const found = await discountForBuyer(db, storeId, code, buyer?.email ?? null);
  return "discount" in found ? found.discount : null;
}

/**
 * The discount a subscription keeps on its renewals: its first order's code, when that code discounts renewals too,
 * for as long as the owner has not ended it. Limits, dates and pauses govern new redemptions, not a subscription that
 * already holds the code.
 */
export async function renewalDiscount(db: Database, storeId: string, code: string): Promise<Discount | null> {
  const row = await codeRow(db, storeId, code);
  // The subscription's redemption was counted with its first order: the code's remaining ones are not its concern.
  return row?.appliesToRenewals && row.status !== "ended" ? { ...discountOf(row), maxRedemptions: 1 } : null;
}

/**
 * The checkout's lookup: the discount, or why not in the shopper's words (null for an unknown or unusable code, which
 * the caller calls invalid as the spec does). A buyer's refusal is only told for a code that works for others.
 */
export async function discountForBuyer(
  db: Database,
  storeId: string,
  code: string,
  email: string | null,
  now = new Date(),
): Promise<{ discount: Discount } | { refusal: string | null }> {
  const row = await codeRow(db, storeId, code);
  if (!row || !isRedeemableNow(row, now, await shopTimeZone(db, storeId))) return { refusal: null };
  const refusal = email === null ? null : await buyerRefusal(db, storeId, row, email);
  return refusal ? { refusal } : { discount: discountOf(row) };
}

/** The checkout refuses a code below its minimum rather than take a redemption for nothing off. */
export function minimumSubtotalRefusal(subtotalCents: number, discount: Discount | null): string | null {
  if (!discount || meetsMinimumSubtotal(subtotalCents, discount)) return null;
  return minimumSubtotalMessage(discount.minimumSubtotalCents!);
}
