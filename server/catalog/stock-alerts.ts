/**
 * Back-in-stock alerts (decision 0038): a shopper asks to hear when a sold-out variant is back, confirms by the
 * emailed link (so nobody can sign someone else up), and gets one email when the variant is in stock again, with the
 * product's link and a one-click unsubscribe. The sending runs as a job, after stock-raising writes and every minute;
 * each alert is claimed by the update that marks it notified, so concurrent senders never mail it twice.
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { variantName } from "../../core/cart";
import { STOCK_ALERT_REQUESTED_MESSAGE, type StockAlertConfirmed } from "../../core/schemas/stock-alerts";
import { normalizeEmail } from "../../core/email-address";
import { currentCustomer } from "../accounts/session";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { products, stockAlerts, variants } from "../db/schema";
import { enforceRateLimit, type RateLimitPolicy } from "../http/rate-limit";
import { logger } from "../logger";
import { escapeHtml, layoutHtml } from "../mail/mailer";
import { checkLink, signLink } from "../mail/signed-links";
import { getStoreSettings } from "../store/settings";
import { badInput, conflict, notFound } from "../../core/errors";

/** A shopper asks for a few variants; a household shares an address. */
export const ALERT_REQUESTS_PER_CLIENT: RateLimitPolicy = { limit: 10, windowMs: 10 * 60_000 };
/** Each request mails a confirmation: an address gets a handful an hour at most, whoever asks. */
export const ALERT_REQUESTS_PER_EMAIL: RateLimitPolicy = { limit: 5, windowMs: 60 * 60_000 };
/** How long a confirmation link works after the request that mailed it. */
const CONFIRM_WITHIN_MS = 7 * 24 * 60 * 60_000;
/** An unsubscribe link keeps working long after its email. */
const UNSUBSCRIBE_WITHIN_MS = 365 * 24 * 60 * 60_000;
const CONFIRM_PURPOSE = "stock-alert-confirm";
const UNSUBSCRIBE_PURPOSE = "stock-alert-stop";
/** Alerts one sender claims at a time; it claims again until none is left. */
const SEND_BATCH = 50;

export const STOCK_ALERTS_JOB = "stock-alerts";

const shopLink = (deps: AppDeps, path: string) => `${deps.config.publicUrl.replace(/\/$/, "")}${path}`;

type AlertVariant = { variantId: number; stock: number; title: string; handle: string; attributes: Record<string, string> };

async function variantOfSku(db: Database, storeId: string, sku: string): Promise<AlertVariant | undefined> {
  const [row] = await db
    .select({ variantId: variants.id, stock: variants.stock, title: products.title, handle: products.handle, attributes: variants.attributes })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.storeId, storeId), eq(variants.sku, sku), eq(products.status, "active")));
  return row;
}

/**
 * Records the alert, or renews a live one for the same variant and address, and mails its confirmation link. The
 * answer is the same whether the address already had an alert. A signed-in customer's alert goes to the account's
 * email, still confirmed by link: accounts' emails are not verified at sign-up.
 */
export async function requestStockAlert(
  deps: AppDeps,
  request: Request,
  clientIp: string,
  storeId: string,
  input: { sku: string; email?: string },
): Promise<{ message: string }> {
  await enforceRateLimit(deps.rateLimiter, [`stock-alerts:ip:${clientIp}`], ALERT_REQUESTS_PER_CLIENT);
  const customer = await currentCustomer(deps, request);
  const email = customer?.email ?? input.email;
  if (!email) throw badInput("Email is required", "email");
  const emailNormalized = normalizeEmail(email);
  await enforceRateLimit(deps.rateLimiter, [`stock-alerts:email:${storeId}:${emailNormalized}`], ALERT_REQUESTS_PER_EMAIL);
  const variant = await variantOfSku(deps.db, storeId, input.sku);
  if (!variant) throw notFound("Product not found", "sku");
  if (variant.stock > 0) throw conflict("This item is in stock: add it to your cart", "sku");

  const [alert] = await deps.db
    .insert(stockAlerts)
    .values({ storeId, variantId: variant.variantId, email: email.trim(), emailNormalized, customerId: customer?.id ?? null })
    .onConflictDoUpdate({
      target: [stockAlerts.storeId, stockAlerts.variantId, stockAlerts.emailNormalized],
      targetWhere: sql`${stockAlerts.notifiedAt} is null and ${stockAlerts.unsubscribedAt} is null`,
      // Asked again: mailed a new link, good for a week from now. A confirmed alert stays confirmed.
      set: { createdAt: sql`now()` },
    })
    .returning({ id: stockAlerts.id });
  await sendConfirmation(deps, storeId, email.trim(), variant, alert.id);
  return { message: STOCK_ALERT_REQUESTED_MESSAGE };
}

/** Signed links (server/mail/signed-links.ts) naming the alert: nothing of them is stored. */
async function alertLink(deps: AppDeps, storeId: string, alertId: number, purpose: string, validMs: number) {
  const token = await signLink(deps.db, storeId, { purpose, subject: String(alertId), expiresAt: new Date(Date.now() + validMs) });
  const page = purpose === CONFIRM_PURPOSE ? "confirm" : "unsubscribe";
  return shopLink(deps, `/back-in-stock/${page}?token=${token}`);
}

const unsubscribeLink = (deps: AppDeps, storeId: string, alertId: number) => alertLink(deps, storeId, alertId, UNSUBSCRIBE_PURPOSE, UNSUBSCRIBE_WITHIN_MS);

/** The alert a link of `purpose` names, or null for a forged, mistyped or expired one. */
async function alertOfLink(db: Database, storeId: string, purpose: string, token: string): Promise<number | null> {
  const check = await checkLink(db, storeId, purpose, token);
  return check.ok ? Number(check.subject) : null;
}

const unsubscribeHeaders = (link: string) => ({ "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });

/** Every alert email ends with the way to stop them (in its headers too) and the shop's name. */
async function sendAlertMail(
  deps: AppDeps,
  storeId: string,
  to: string,
  unsubscribe: string,
  mail: { kind: string; subject: string; lines: string[]; html: string },
) {
  const shopName = (await getStoreSettings(deps.db, storeId)).websiteTitle;
  await deps.mailer.send({
    storeId,
    to,
    kind: mail.kind,
    subject: mail.subject,
    text: [...mail.lines, `Stop back-in-stock emails: ${unsubscribe}`, "", shopName].join("\n"),
    html: layoutHtml(
      shopName,
      `${mail.html}
<p style="font-size:12px"><a href="${escapeHtml(unsubscribe)}">Stop back-in-stock emails</a></p>`,
    ),
    headers: unsubscribeHeaders(unsubscribe),
  });
}

async function sendConfirmation(deps: AppDeps, storeId: string, to: string, variant: AlertVariant, alertId: number) {
  const item = variantName(variant.title, variant.attributes);
  const confirm = await alertLink(deps, storeId, alertId, CONFIRM_PURPOSE, CONFIRM_WITHIN_MS);
  const unsubscribe = await unsubscribeLink(deps, storeId, alertId);
  await sendAlertMail(deps, storeId, to, unsubscribe, {
    kind: "back-in-stock-confirm",
    subject: `Confirm your alert for ${item}`,
    lines: [
      `You asked us to email you when ${item} is back in stock.`,
      `Confirm the alert: ${confirm}`,
      "",
      "If you did not ask, ignore this email: without confirmation you will hear nothing more.",
    ],
    html: `<p>You asked us to email you when <strong>${escapeHtml(item)}</strong> is back in stock.</p>
<p><a href="${escapeHtml(confirm)}">Confirm the alert</a></p>
<p>If you did not ask, ignore this email: without confirmation you will hear nothing more.</p>`,
  });
}

/**
 * Confirms the alert the link names (again: fine), within a week of its request; the product it is for, or null for
 * a link that is forged, expired, or whose alert was sent or unsubscribed. A variant already back in stock is mailed
 * by the next sending, asked for here.
 */
export async function confirmStockAlert(deps: AppDeps, storeId: string, token: string): Promise<StockAlertConfirmed | null> {
  const alertId = await alertOfLink(deps.db, storeId, CONFIRM_PURPOSE, token);
  if (alertId === null) return null;
  const [confirmed] = await deps.db
    .update(stockAlerts)
    .set({ confirmedAt: sql`coalesce(${stockAlerts.confirmedAt}, now())` })
    .where(
      and(
        eq(stockAlerts.id, alertId),
        eq(stockAlerts.storeId, storeId),
        isNull(stockAlerts.notifiedAt),
        isNull(stockAlerts.unsubscribedAt),
      ),
    )
    .returning({ variantId: stockAlerts.variantId });
  if (!confirmed) return null;
  const [product] = await deps.db
    .select({ product_handle: products.handle, product_title: products.title })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(variants.id, confirmed.variantId));
  await askToSendStockAlerts(deps);
  return product;
}

/** One click from either email: no back-in-stock email goes to the link's address any more. False for an unknown link. */
export async function unsubscribeStockAlerts(db: Database, storeId: string, token: string): Promise<boolean> {
  const alertId = await alertOfLink(db, storeId, UNSUBSCRIBE_PURPOSE, token);
  if (alertId === null) return false;
  const [alert] = await db
    .select({ emailNormalized: stockAlerts.emailNormalized })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.id, alertId), eq(stockAlerts.storeId, storeId)));
  if (!alert) return false;
  await db
    .update(stockAlerts)
    .set({ unsubscribedAt: new Date() })
    .where(
      and(
        eq(stockAlerts.storeId, storeId),
        eq(stockAlerts.emailNormalized, alert.emailNormalized),
        isNull(stockAlerts.notifiedAt),
        isNull(stockAlerts.unsubscribedAt),
      ),
    );
  return true;
}

const waiting = and(isNotNull(stockAlerts.confirmedAt), isNull(stockAlerts.notifiedAt), isNull(stockAlerts.unsubscribedAt));

/**
 * Claims up to a batch of confirmed alerts whose variant is in stock and on sale, marking them notified in the same statement.
 * The rows are locked as they are picked and rows another sender holds are skipped, and the update checks once more
 * that each is unclaimed, so two senders at once (two instances) never claim one alert twice.
 */
async function claimDueAlerts(db: Database) {
  const due = db
    .select({ id: stockAlerts.id })
    .from(stockAlerts)
    .innerJoin(variants, eq(variants.id, stockAlerts.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    // A product taken off the shop keeps its alerts until it is back on sale.
    .where(and(waiting, gt(variants.stock, 0), eq(products.status, "active")))
    .orderBy(asc(stockAlerts.id))
    .limit(SEND_BATCH)
    .for("update", { of: stockAlerts, skipLocked: true });
  return db
    .update(stockAlerts)
    .set({ notifiedAt: new Date() })
    .where(and(inArray(stockAlerts.id, due), isNull(stockAlerts.notifiedAt)))
    .returning({ id: stockAlerts.id, storeId: stockAlerts.storeId, variantId: stockAlerts.variantId, email: stockAlerts.email });
}

/**
 * Mails every confirmed alert whose variant is in stock, once each, and answers how many were mailed. A claimed
 * alert's email goes to the outbox, which retries delivery; an instance dying between the claim and the outbox
 * loses that email rather than ever sending one twice.
 */
export async function sendDueStockAlerts(deps: AppDeps): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimed = await claimDueAlerts(deps.db);
    if (claimed.length === 0) return sent;
    for (const alert of claimed) {
      const [variant] = await deps.db
        .select({ title: products.title, handle: products.handle, attributes: variants.attributes })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(eq(variants.id, alert.variantId));
      await sendBackInStock(deps, alert.storeId, alert.email, variant, await unsubscribeLink(deps, alert.storeId, alert.id));
      sent++;
    }
  }
}

async function sendBackInStock(
  deps: AppDeps,
  storeId: string,
  to: string,
  variant: { title: string; handle: string; attributes: Record<string, string> },
  unsubscribe: string,
) {
  const item = variantName(variant.title, variant.attributes);
  const product = shopLink(deps, `/products/${encodeURIComponent(variant.handle)}`);
  await sendAlertMail(deps, storeId, to, unsubscribe, {
    kind: "back-in-stock",
    subject: `${item} is back in stock`,
    lines: [`Good news: ${item} is back in stock.`, `See it in the shop: ${product}`, "", "This was your one email about it."],
    html: `<p>Good news: <strong>${escapeHtml(item)}</strong> is back in stock.</p>
<p><a href="${escapeHtml(product)}">See ${escapeHtml(variant.title)} in the shop</a></p>
<p>This was your one email about it.</p>`,
  });
}

/**
 * Asks for a sending now (after a write that may have raised stock); the minute's sweep catches anything else. With
 * no queue started (a test of one piece) it sends in this process.
 */
export async function askToSendStockAlerts(deps: AppDeps): Promise<void> {
  try {
    if (deps.jobs) await deps.jobs.send(STOCK_ALERTS_JOB, {});
    else await sendDueStockAlerts(deps);
  } catch (error) {
    // The write that asked has been made; the next sweep sends what this one would have.
    logger.error({ err: error }, "back-in-stock sending could not be asked for");
  }
}

/** Confirmed alerts waiting for a restock, per product, most awaited first: the owner's screens and API read it. */
export async function waitingStockAlertsByProduct(db: Database, storeId: string) {
  const waitingCount = count(stockAlerts.id);
  return db
    .select({ productId: products.id, productTitle: products.title, productHandle: products.handle, waiting: waitingCount })
    .from(stockAlerts)
    .innerJoin(variants, eq(variants.id, stockAlerts.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(stockAlerts.storeId, storeId), waiting))
    .groupBy(products.id)
    .orderBy(desc(waitingCount), asc(products.title));
}

/** Confirmed alerts waiting, per variant of the store that has any. */
export async function waitingStockAlertsByVariant(db: Database, storeId: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ variantId: stockAlerts.variantId, waiting: count(stockAlerts.id) })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.storeId, storeId), waiting))
    .groupBy(stockAlerts.variantId);
  return new Map(rows.map((row) => [row.variantId, row.waiting]));
}
