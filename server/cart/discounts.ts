/** Discount codes as the cart and the checkout see them (docs/product.md, States: Discount; Rules: Discounts). */
import { and, eq, sql } from "drizzle-orm";
import type { Discount } from "../../core/cart";
import type { Database } from "../db/client";
import { discounts } from "../db/schema";
import { restrictedCodeAllows } from "../newsletter/welcome";

/**
 * The discount a code names, or null when the store has no such code or it has no redemptions left. Codes match
 * whatever their case; `maxRedemptions` is what is left, so core's rule (void below 1) reads it right.
 * With the buyer's email known (checkout), a code restricted to one address (the welcome code) is null for anyone
 * else and after that address's first order; the cart, which knows no email, shows it.
 */
export async function findDiscount(
  db: Database,
  storeId: string,
  code: string,
  buyer?: { email: string },
): Promise<Discount | null> {
  const trimmed = code.trim();
  if (trimmed === "") return null;
  const [row] = await db
    .select()
    .from(discounts)
    .where(and(eq(discounts.storeId, storeId), eq(sql`lower(${discounts.code})`, trimmed.toLowerCase())));
  if (!row || row.isPopup) return null;
  const remaining = row.maxRedemptions - row.redemptions;
  if (remaining < 1) return null;
  if (row.restrictedToEmail !== null && buyer && !(await restrictedCodeAllows(db, storeId, row.restrictedToEmail, buyer.email))) {
    return null;
  }
  return {
    code: row.code,
    percentage: row.percentage,
    maxRedeemableCents: row.maxRedeemableCents,
    amountCents: row.amountCents,
    maxRedemptions: remaining,
    freeShipping: row.freeShipping,
  };
}
