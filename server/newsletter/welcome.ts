/**
 * The welcome popup: a sign-up that, when the store offers a popup discount, earns a personal single-use code for
 * the first order. The store's popup discount row (is_popup) is the template: its percentage is offered, the row
 * itself is never redeemable.
 */
import { randomInt } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { ORDER_GROUPS } from "../../core/order-lifecycle";
import type { PopupDiscount } from "../../core/schemas/content";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { discounts, orders } from "../db/schema";
import { AlreadySignedUpError, addSubscriber, sendNewsletterEmail } from "./subscribers";
import { normalizeEmail } from "../../core/email-address";

type Queryable = Pick<Database, "select">;

type PopupTemplate = { percentage: number; maxRedeemableCents: number | null; freeShipping: boolean };

async function popupTemplate(db: Queryable, storeId: string): Promise<PopupTemplate | null> {
  const [row] = await db
    .select({
      percentage: discounts.percentage,
      maxRedeemableCents: discounts.maxRedeemableCents,
      freeShipping: discounts.freeShipping,
      status: discounts.status,
    })
    .from(discounts)
    .where(and(eq(discounts.storeId, storeId), eq(discounts.isPopup, true)))
    .orderBy(asc(discounts.id))
    .limit(1);
  if (!row) return null;
  // The owner turns the offer off by pausing the template (server/discounts/discount-editor.ts): the popup then
  // offers the newsletter alone.
  const { status, ...template } = row;
  return { ...template, percentage: status === "active" ? (row.percentage ?? 0) : 0 };
}

/** What the popup offers, or null when the store has no popup discount. */
export async function getPopupDiscount(db: Database, storeId: string): Promise<PopupDiscount | null> {
  const template = await popupTemplate(db, storeId);
  return template ? { discount_popup_percentage: template.percentage } : null;
}

/** Letters and digits that cannot be mistaken for one another when typed from an email. */
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function generateWelcomeCode(): string {
  let suffix = "";
  for (let i = 0; i < 8; i++) suffix += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `WELCOME-${suffix}`;
}

export type WelcomeOutcome = { percentage: number; code: string | null };

/**
 * Subscribes the address (source popup) and, with a popup percentage above 0, creates its welcome code and emails
 * it. An address that is already subscribed, or already holds a welcome code, gets a 409 and never a second code.
 */
export async function sendWelcomeEmail(deps: AppDeps, storeId: string, email: string): Promise<WelcomeOutcome> {
  const restrictedToEmail = normalizeEmail(email);
  const { outcome, unsubscribeToken } = await deps.db.transaction(async (tx) => {
    const [earlier] = await tx
      .select({ id: discounts.id })
      .from(discounts)
      .where(and(eq(discounts.storeId, storeId), eq(discounts.restrictedToEmail, restrictedToEmail)))
      .limit(1);
    if (earlier) throw new AlreadySignedUpError();
    const { unsubscribeToken } = await addSubscriber(tx, storeId, email, "popup");
    const template = await popupTemplate(tx, storeId);
    if (!template || template.percentage <= 0) return { outcome: { percentage: 0, code: null }, unsubscribeToken };
    const code = generateWelcomeCode();
    await tx.insert(discounts).values({
      storeId,
      code,
      percentage: template.percentage,
      maxRedeemableCents: template.maxRedeemableCents,
      amountCents: null,
      maxRedemptions: 1,
      freeShipping: template.freeShipping,
      restrictedToEmail,
      isPopup: false,
    });
    return { outcome: { percentage: template.percentage, code }, unsubscribeToken };
  });

  await sendNewsletterEmail(deps, storeId, {
    to: email,
    unsubscribeToken,
    ...(outcome.code
      ? {
          subject: `Your ${outcome.percentage}% welcome discount`,
          paragraphs: [
            "Welcome, and thank you for joining our newsletter!",
            `Your discount code: ${outcome.code}`,
            `It takes ${outcome.percentage}% off your first order. Enter it in your cart or at checkout with this email address; it can be used once.`,
          ],
          kind: "welcome-discount",
        }
      : {
          subject: "You're subscribed",
          paragraphs: ["You've been added to our newsletter! We will keep you updated on our latest products and promotions."],
          kind: "newsletter-welcome",
        }),
  });
  return outcome;
}

/**
 * Whether a code restricted to one address may be used with `email`: only that address, and only for its first
 * order (the welcome discount's promise).
 */
export async function restrictedCodeAllows(db: Database, storeId: string, restrictedToEmail: string, email: string): Promise<boolean> {
  const normalized = normalizeEmail(email);
  if (normalized !== restrictedToEmail) return false;
  const [earlier] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(sql`lower(${orders.email})`, normalized), inArray(orders.status, [...ORDER_GROUPS.placed])))
    .limit(1);
  return !earlier;
}
