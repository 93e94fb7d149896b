/**
 * Price-drop emails: a customer who opted in hears once when a product on their wishlist gets cheaper than the price
 * they last saw or were told, at most once a week per product. The rows to tell are claimed by the update that
 * records the telling, so two instances running the job at once never send one twice.
 */
import { sql } from "drizzle-orm";
import { formatMoney } from "../../core/money";
import { PRICE_DROP_EMAIL_INTERVAL_DAYS } from "../../core/wishlist";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { escapeHtml, layoutHtml } from "../mail/mailer";
import { checkLink, signLink } from "../mail/signed-links";
import { getStoreSettings } from "../store/settings";
import { ON_SALE_STATUS } from "../catalog/products";
import { setPriceDropAlerts } from "./wishlist";

const STOP_PURPOSE = "stop-price-drop-emails";
/** A stop link keeps working long after its email: a year. */
const STOP_LINK_DAYS = 365;

type Claimed = { customer_id: number; email: string; handle: string; title: string; was_cents: number; now_cents: number };

/**
 * Claims the drops due at `now` and raises the price seen where a price went up (so a later fall below the new
 * price is news again); answers the drops claimed, each to be told once.
 */
async function claimPriceDrops(db: Database, storeId: string, now: Date): Promise<Claimed[]> {
  // Each product's lowest variant price, what a drop is measured against.
  const lowestPrices = sql`(select product_id, min(price_cents) as price from variants where store_id = ${storeId} group by product_id)`;
  const lastAllowed = new Date(now.getTime() - PRICE_DROP_EMAIL_INTERVAL_DAYS * 24 * 60 * 60 * 1000);
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      update wishlist_items w set price_seen_cents = current.price
      from ${lowestPrices} current
      where w.store_id = ${storeId} and w.product_id = current.product_id and current.price > w.price_seen_cents`);
    const claimed = await tx.execute(sql`
      with due as (
        select w.id, w.price_seen_cents as was_cents, current.price as now_cents
        from wishlist_items w
        join customers c on c.id = w.customer_id and c.price_drop_alerts
        join products p on p.id = w.product_id and p.status = ${ON_SALE_STATUS}
        join ${lowestPrices} current
          on current.product_id = w.product_id
        where w.store_id = ${storeId} and current.price < w.price_seen_cents
          and (w.price_alert_sent_at is null or w.price_alert_sent_at <= ${lastAllowed.toISOString()})
        for update of w skip locked
      )
      update wishlist_items w set price_seen_cents = due.now_cents, price_alert_sent_at = ${now.toISOString()}
      from due, customers c, products p
      where w.id = due.id and c.id = w.customer_id and p.id = w.product_id
      returning w.customer_id, c.email, p.handle, p.title, due.was_cents, due.now_cents`);
    return (claimed as unknown as { rows: Claimed[] }).rows;
  });
}

export async function stopLinkFor(deps: Pick<AppDeps, "db" | "config">, storeId: string, customerId: number, now: Date): Promise<string> {
  const token = await signLink(deps.db, storeId, {
    purpose: STOP_PURPOSE,
    subject: String(customerId),
    expiresAt: new Date(now.getTime() + STOP_LINK_DAYS * 24 * 60 * 60 * 1000),
  });
  return `${deps.config.publicUrl.replace(/\/$/, "")}/wishlist/price-emails/stop?token=${encodeURIComponent(token)}`;
}

/** Turns price-drop emails off for the customer a stop link names; false when the link is not one of ours or too old. */
export async function stopPriceDropEmails(db: Database, storeId: string, token: string): Promise<boolean> {
  const check = await checkLink(db, storeId, STOP_PURPOSE, token);
  if (!check.ok) return false;
  await setPriceDropAlerts(db, storeId, Number(check.subject), false);
  return true;
}

/** Sends the price-drop emails due at `now`; answers how many. */
export async function sendPriceDropEmails(deps: AppDeps, storeId: string, now = new Date()): Promise<number> {
  const drops = await claimPriceDrops(deps.db, storeId, now);
  if (drops.length === 0) return 0;
  const { websiteTitle } = await getStoreSettings(deps.db, storeId);
  const shop = deps.config.publicUrl.replace(/\/$/, "");
  for (const drop of drops) {
    const productLink = `${shop}/products/${encodeURIComponent(drop.handle)}`;
    const stopLink = await stopLinkFor(deps, storeId, drop.customer_id, now);
    const news = `${drop.title} on your wishlist is now ${formatMoney(drop.now_cents)} (it was ${formatMoney(drop.was_cents)}).`;
    await deps.mailer.send({
      storeId,
      to: drop.email,
      subject: `Price drop: ${drop.title} is now ${formatMoney(drop.now_cents)}`,
      text: [news, `See it: ${productLink}`, `Stop price-drop emails with one click: ${stopLink}`].join("\n\n"),
      html: layoutHtml(
        websiteTitle,
        `<p>${escapeHtml(news)}</p><p><a href="${escapeHtml(productLink)}">See ${escapeHtml(drop.title)}</a></p>` +
          `<p style="font-size:12px;color:#555"><a href="${escapeHtml(stopLink)}">Stop price-drop emails</a> with one click.</p>`,
      ),
      kind: "price-drop",
      headers: { "List-Unsubscribe": `<${stopLink}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
  }
  return drops.length;
}
