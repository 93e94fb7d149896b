/**
 * Carts that come back (decision 0037). A shopper who ticks the checkout's reminder box, with the email they gave,
 * gets one reminder once the owner's delay has passed without a payment: a link that fills a cart with the same
 * lines in any browser, and a link that stops reminders. One row per cart, so one reminder per cart ever; nothing is
 * sent when they bought meanwhile, when the cart emptied, or when their address asked for no more reminders.
 */
import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lte, or, sql, sum } from "drizzle-orm";
import { formatMoney } from "../../core/money";
import { shopDate } from "../../core/shop-dates";
import { ORDER_GROUPS } from "../../core/order-lifecycle";
import type { CartReminderReport } from "../../core/schemas/cart-reminders";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { cartReminders, orders } from "../db/schema";
import { lastShopDays } from "../analytics/daily";
import { mergeCarts, newCartToken, priceStoredCart } from "../cart/store";
import { logger } from "../logger";
import { revenueCentsOf } from "../orders/revenue";
import { escapeHtml, layoutHtml } from "../mail/mailer";
import { checkLink, signLink } from "../mail/signed-links";
import { normalizeEmail } from "../../core/email-address";
import { getStoreSettings } from "../store/settings";
import { badInput, gone } from "../../core/errors";

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long the restore link works; the cart cookie it hands out lasts longer. */
export const RESTORE_LINK_DAYS = 7;
/** The stop link keeps working long after the cart is forgotten. */
const STOP_LINK_DAYS = 365;
const RESTORE_PURPOSE = "cart-restore";
const STOP_PURPOSE = "cart-reminders-stop";

async function stoppedAddress(db: Database, storeId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: cartReminders.id })
    .from(cartReminders)
    .where(and(eq(cartReminders.storeId, storeId), eq(cartReminders.email, email), isNotNull(cartReminders.stoppedAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * What the checkout's box says each time the checkout sends the shopper's email: ticked keeps (or starts) the cart's
 * reminder with this address, the delay counted from the first tick; unticked withdraws it. A reminder already
 * handled stays as it is, and an address that stopped reminders starts none.
 */
export async function recordReminderConsent(
  db: Database,
  storeId: string,
  cartId: string | undefined,
  rawEmail: string,
  consent: boolean,
  now: Date = new Date(),
): Promise<void> {
  if (!cartId) return;
  const waiting = and(eq(cartReminders.storeId, storeId), eq(cartReminders.cartId, cartId), isNull(cartReminders.handledAt));
  if (!consent) {
    await db.delete(cartReminders).where(waiting);
    return;
  }
  const email = normalizeEmail(rawEmail);
  if (await stoppedAddress(db, storeId, email)) return;
  await db
    .insert(cartReminders)
    .values({ storeId, cartId, email, consentedAt: now })
    .onConflictDoUpdate({
      target: [cartReminders.storeId, cartReminders.cartId],
      set: { email },
      setWhere: isNull(cartReminders.handledAt),
    });
}

type Reminder = typeof cartReminders.$inferSelect;
type SkipReason = NonNullable<Reminder["skipReason"]>;

function linkTo(publicUrl: string, path: string, token: string): string {
  return new URL(`${path}?token=${encodeURIComponent(token)}`, publicUrl).toString();
}

/** Why a claimed reminder is not mailed, or null to mail it. */
async function skipReasonOf(deps: Pick<AppDeps, "db">, reminder: Reminder): Promise<SkipReason | null> {
  const { db } = deps;
  if (await stoppedAddress(db, reminder.storeId, reminder.email)) return "stopped";
  const [bought] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, reminder.storeId),
        or(eq(orders.cartId, reminder.cartId), sql`lower(${orders.email}) = ${reminder.email}`),
        gte(orders.paidAt, reminder.consentedAt),
      ),
    )
    .limit(1);
  return bought ? "paid" : null;
}

async function mailReminder(deps: Pick<AppDeps, "db" | "mailer" | "config">, reminder: Reminder, now: Date): Promise<SkipReason | null> {
  const { db } = deps;
  const priced = await priceStoredCart(db, reminder.storeId, reminder.cartId);
  if (priced.lines.length === 0) return "empty";
  const { websiteTitle: shop, timeZone } = await getStoreSettings(db, reminder.storeId);
  const subject = String(reminder.id);
  const expiresAt = new Date(now.getTime() + RESTORE_LINK_DAYS * DAY_MS);
  const [restoreToken, stopToken] = await Promise.all([
    signLink(db, reminder.storeId, { purpose: RESTORE_PURPOSE, subject, expiresAt }),
    signLink(db, reminder.storeId, { purpose: STOP_PURPOSE, subject, expiresAt: new Date(now.getTime() + STOP_LINK_DAYS * DAY_MS) }),
  ]);
  const restore = linkTo(deps.config.publicUrl, "/cart/restore", restoreToken);
  const stop = linkTo(deps.config.publicUrl, "/cart/reminders/stop", stopToken);
  const lines = priced.lines.map((line) => `${line.quantity} × ${line.title}`);
  const until = shopDate(expiresAt, timeZone);
  const text = [
    "Hello,",
    "",
    `You asked ${shop} to remind you if you did not finish your order. Your cart is waiting for you:`,
    "",
    ...lines.map((line) => `- ${line}`),
    "",
    `Total before shipping: ${formatMoney(priced.totalCents)}`,
    "",
    `Pick up where you left off, on any device: ${restore}`,
    `The link works until ${until}.`,
    "",
    `This is the only reminder we send for this cart. Don't remind me again: ${stop}`,
  ].join("\n");
  const html = layoutHtml(
    shop,
    `<p>Hello,</p>
<p>You asked ${escapeHtml(shop)} to remind you if you did not finish your order. Your cart is waiting for you:</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
<p>Total before shipping: ${escapeHtml(formatMoney(priced.totalCents))}</p>
<p><a href="${escapeHtml(restore)}" style="display:inline-block;background:#0f766e;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none">Return to your cart</a></p>
<p style="font-size:13px">The link works on any device until ${until}.</p>
<p style="font-size:12px;color:#555">This is the only reminder we send for this cart. <a href="${escapeHtml(stop)}">Don't remind me again</a>.</p>`,
  );
  await deps.mailer.send({
    storeId: reminder.storeId,
    to: reminder.email,
    subject: `Your cart at ${shop} is waiting`,
    text,
    html,
    kind: "cart-reminder",
    // Mail programs offer their own one-click stop from these (RFC 2369, RFC 8058).
    headers: { "List-Unsubscribe": `<${stop}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
  return null;
}

export type ReminderRun = { sent: number; skipped: number };

/**
 * Mails every reminder whose delay has passed. Each is claimed first by one UPDATE that only a row not yet handled
 * passes, so instances running this at once never mail one twice; a claimed reminder is never tried again, so a
 * failure after the claim (the database gone mid-run) loses that one reminder rather than risking a second.
 */
export async function sendDueReminders(deps: Pick<AppDeps, "db" | "mailer" | "config">, now: Date = new Date()): Promise<ReminderRun> {
  const { db } = deps;
  const run: ReminderRun = { sent: 0, skipped: 0 };
  const storeIds = await db.selectDistinct({ storeId: cartReminders.storeId }).from(cartReminders).where(isNull(cartReminders.handledAt));
  for (const { storeId } of storeIds) {
    const { checkout } = await getStoreSettings(db, storeId);
    const dueBefore = new Date(now.getTime() - checkout.reminderDelayMinutes * 60_000);
    const claimed = await db
      .update(cartReminders)
      .set({ handledAt: now })
      .where(and(eq(cartReminders.storeId, storeId), isNull(cartReminders.handledAt), lte(cartReminders.consentedAt, dueBefore)))
      .returning();
    for (const reminder of claimed.sort((a, b) => a.id - b.id)) {
      try {
        const skipReason = (await skipReasonOf(deps, reminder)) ?? (await mailReminder(deps, reminder, now));
        if (skipReason) await db.update(cartReminders).set({ skipReason }).where(eq(cartReminders.id, reminder.id));
        run[skipReason ? "skipped" : "sent"] += 1;
      } catch (error) {
        logger.error({ err: error, reminderId: reminder.id }, "a cart reminder could not be sent");
      }
    }
  }
  return run;
}

export const INVALID_LINK_MESSAGE = "This link is not valid. Copy the whole link from the email.";
export const EXPIRED_LINK_MESSAGE = "This link has expired. Links in a cart reminder work for a limited time.";
export const NOTHING_LEFT_MESSAGE = "This cart has nothing left in it: its order may have been placed already.";

async function reminderOfLink(db: Database, storeId: string, purpose: string, token: string, now: Date): Promise<Reminder> {
  const checked = token && token.length <= 500 ? await checkLink(db, storeId, purpose, token, now) : ({ ok: false, reason: "invalid" } as const);
  if (!checked.ok) {
    throw checked.reason === "expired" ? gone(EXPIRED_LINK_MESSAGE) : badInput(INVALID_LINK_MESSAGE);
  }
  const [reminder] = await db
    .select()
    .from(cartReminders)
    .where(and(eq(cartReminders.storeId, storeId), eq(cartReminders.id, Number(checked.subject))));
  if (!reminder) throw badInput(INVALID_LINK_MESSAGE);
  return reminder;
}

export type Restored = { cartId: string; setCookie: string | null };

/**
 * The restore link: the reminded cart's lines copied into this browser's cart (a new one, and its cookie, in a
 * browser without one) under the cart's usual caps, the reminded cart left as it was. The first restore is the
 * reminder's `restoredAt`; the cart filled last is the one whose order counts as recovered. A forged or expired link
 * (400, 410) and an emptied cart (410) change nothing.
 */
export async function restoreRemindedCart(
  deps: Pick<AppDeps, "db" | "config">,
  storeId: string,
  token: string,
  visitorCartId: string | undefined,
  now: Date = new Date(),
): Promise<Restored> {
  const { db } = deps;
  const reminder = await reminderOfLink(db, storeId, RESTORE_PURPOSE, token, now);
  const source = await priceStoredCart(db, storeId, reminder.cartId);
  if (source.lines.length === 0) throw gone(NOTHING_LEFT_MESSAGE);
  const fresh = visitorCartId ? null : newCartToken(deps.config);
  const cartId = visitorCartId ?? fresh!.cartId;
  await mergeCarts(db, storeId, reminder.cartId, cartId, { keepSource: true });
  await db
    .update(cartReminders)
    .set({ restoredAt: sql`coalesce(${cartReminders.restoredAt}, ${now.toISOString()}::timestamptz)`, restoredCartId: cartId })
    .where(eq(cartReminders.id, reminder.id));
  return { cartId, setCookie: fresh?.setCookie ?? null };
}

/** The stop link: this address gets no more reminders (ones already waiting are skipped). Only marks; idempotent. */
export async function stopReminders(db: Database, storeId: string, token: string, now: Date = new Date()): Promise<void> {
  const reminder = await reminderOfLink(db, storeId, STOP_PURPOSE, token, now);
  await db
    .update(cartReminders)
    .set({ stoppedAt: sql`coalesce(${cartReminders.stoppedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(cartReminders.id, reminder.id));
}

/**
 * The owner's figures for the last `days` of the shop's days, as the analytics report counts them. A reminder's recovered
 * order is the first order paid from the cart its link filled last, paid after the link was first opened, and still
 * paid for (not cancelled or refunded); its total is the revenue recovered.
 */
export async function cartReminderReport(
  db: Database,
  storeId: string,
  { days, now = new Date() }: { days: number; now?: Date },
): Promise<CartReminderReport> {
  const { since, start: from } = await lastShopDays(db, storeId, days, now);
  const mine = eq(cartReminders.storeId, storeId);
  const firstPaid = db
    .select({ revenueCents: revenueCentsOf().as("revenue_cents"), paidAt: orders.paidAt })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.cartId, cartReminders.restoredCartId),
        gte(orders.paidAt, cartReminders.restoredAt),
        inArray(orders.status, [...ORDER_GROUPS.placed]),
      ),
    )
    .orderBy(asc(orders.paidAt))
    .limit(1)
    .as("recovered");
  const [[sent], [restored], [recovered]] = await Promise.all([
    db
      .select({ n: count() })
      .from(cartReminders)
      .where(and(mine, gte(cartReminders.handledAt, from), isNull(cartReminders.skipReason))),
    db
      .select({ n: count() })
      .from(cartReminders)
      .where(and(mine, gte(cartReminders.restoredAt, from))),
    db
      .select({ n: count(), cents: sum(firstPaid.revenueCents) })
      .from(cartReminders)
      .innerJoinLateral(firstPaid, sql`true`)
      .where(and(mine, gte(firstPaid.paidAt, from))),
  ]);
  return {
    days,
    since,
    reminders_sent: sent?.n ?? 0,
    carts_restored: restored?.n ?? 0,
    orders_recovered: recovered?.n ?? 0,
    revenue_recovered_cents: Number(recovered?.cents ?? 0),
  };
}
