/**
 * Daily totals behind the owner's report. A beacon carries the whole session so far, so each one adds the
 * difference between what its payload counts and what the session's previous payload counted: totals stay
 * exact however many beacons a session sends.
 */
import { sql } from "drizzle-orm";
import { isShopPage } from "../../core/analytics-limits";
import type { SessionPayload } from "../../core/schemas/analytics";
import type { Database } from "../db/client";
import { analyticsDaily } from "../db/schema";

export type DailyKind =
  | "sessions"
  | "page"
  | "product"
  | "funnel"
  | "cart_status"
  | "search"
  | "search_no_results"
  | "search_duration";

export type Contribution = { kind: DailyKind; key: string; count: number; total: number };

type Executor = Pick<Database, "insert">;

export const normalizeQuery = (query: string) => query.trim().toLowerCase();

export const isCheckoutPath = (path: string) => path === "/checkout" || path.startsWith("/checkout/");

export const utcDay = (time: Date) => time.toISOString().slice(0, 10);

/**
 * How a visit ended for the cart, for the owner's abandonment rate: purchased, or abandoned when it put something in
 * the cart and did not buy; null when it never used the cart. The shopper's cartStatus turns active on a mere product
 * view (docs/product.md, States), which would count every browsing visit as an abandoned cart.
 */
export function cartOutcome(payload: SessionPayload): "purchased" | "abandoned" | null {
  if (payload.cartData.cartStatus === "purchased") return "purchased";
  return payload.cartData.cartEvents.some((event) => event.type === "ITEM_ADDED") ? "abandoned" : null;
}

/** What one session's payload counts towards the daily totals. */
export function sessionContributions(payload: SessionPayload): Contribution[] {
  const merged = new Map<string, Contribution>();
  const add = (kind: DailyKind, key: string, count = 1, total = 0) => {
    const id = `${kind}\u0000${key}`;
    const entry = merged.get(id) ?? { kind, key, count: 0, total: 0 };
    entry.count += count;
    entry.total += total;
    merged.set(id, entry);
  };
  for (const view of payload.viewedPages) if (isShopPage(view.page)) add("page", view.page);
  const products = Object.entries(payload.productPageViews).filter(([, count]) => count > 0);
  for (const [handle, count] of products) add("product", handle, count);
  if (products.length > 0) add("funnel", "product_view");
  if (payload.cartData.cartEvents.some((event) => event.type === "ITEM_ADDED")) add("funnel", "add_to_cart");
  if (payload.viewedPages.some((view) => isCheckoutPath(view.page))) add("funnel", "checkout");
  const outcome = cartOutcome(payload);
  if (outcome) add("cart_status", outcome);
  for (const entry of payload.searchHistory) {
    const query = normalizeQuery(entry.query);
    add("search", query);
    if (entry.resultCount === 0) add("search_no_results", query);
    add("search_duration", "", 1, entry.duration);
  }
  return [...merged.values()];
}

/** Adds `next` and takes away `previous` on the given day, in one statement. */
export async function applyContributions(
  db: Executor,
  storeId: string,
  day: string,
  previous: Contribution[],
  next: Contribution[],
) {
  const delta = new Map<string, Contribution>();
  for (const [sign, list] of [[-1, previous], [1, next]] as const) {
    for (const item of list) {
      const id = `${item.kind}\u0000${item.key}`;
      const entry = delta.get(id) ?? { kind: item.kind, key: item.key, count: 0, total: 0 };
      entry.count += sign * item.count;
      entry.total += sign * item.total;
      delta.set(id, entry);
    }
  }
  const rows = [...delta.values()]
    .filter((row) => row.count !== 0 || row.total !== 0)
    // One order for every writer, so two beacons updating the same rows cannot deadlock.
    .sort((a, b) => (a.kind === b.kind ? (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : a.kind < b.kind ? -1 : 1))
    .map((row) => ({ storeId, day, ...row }));
  if (rows.length === 0) return;
  await db
    .insert(analyticsDaily)
    .values(rows)
    .onConflictDoUpdate({
      target: [analyticsDaily.storeId, analyticsDaily.day, analyticsDaily.kind, analyticsDaily.key],
      set: {
        count: sql`${analyticsDaily.count} + excluded.count`,
        total: sql`${analyticsDaily.total} + excluded.total`,
      },
    });
}
