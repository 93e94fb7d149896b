/**
 * Wishlists (decision 0039): a customer's saved products, or a guest's kept with their cart cookie until sign-in moves
 * them to the account, as the cart is.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { ProductCardData } from "../../core/schemas/catalog";
import { WISHLIST_FULL_MESSAGE, WISHLIST_LIMIT } from "../../core/wishlist";
import { cartIdForRequest, newCartToken } from "../cart/store";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { customers, products, wishlistItems } from "../db/schema";
import { ON_SALE_STATUS, loadProducts, productCard } from "../catalog/products";
import { waitingStockAlertsByProduct } from "../catalog/stock-alerts";
import { notFound, ruleBroken } from "../../core/errors";

/** Whose wishlist a request reads: the signed-in customer's, else the guest cart cookie's, else none yet. */
export type WishlistOwner = { customerId: number } | { guestCartId: string };

export function wishlistOwnerOf(customer: { id: number } | null, request: Request): WishlistOwner | null {
  if (customer) return { customerId: customer.id };
  const guestCartId = cartIdForRequest(request);
  return guestCartId ? { guestCartId } : null;
}

/**
 * The owner a save goes to: a guest without a cart cookie yet is given one (its cart row is made when the cart is
 * first filled), and the cookie to set comes back with it.
 */
export function wishlistOwnerForSave(
  config: Config,
  customer: { id: number } | null,
  request: Request,
): { owner: WishlistOwner; setCookie?: string } {
  const owner = wishlistOwnerOf(customer, request);
  if (owner) return { owner };
  const { cartId, setCookie } = newCartToken(config);
  return { owner: { guestCartId: cartId }, setCookie };
}

function ownedBy(storeId: string, owner: WishlistOwner) {
  return and(
    eq(wishlistItems.storeId, storeId),
    "customerId" in owner ? eq(wishlistItems.customerId, owner.customerId) : eq(wishlistItems.guestCartId, owner.guestCartId),
  );
}

/** The handles of the products saved, newest first: what the hearts on a page show as pressed. */
export async function savedProductHandles(db: Database, storeId: string, owner: WishlistOwner | null): Promise<string[]> {
  if (!owner) return [];
  const rows = await db
    .select({ handle: products.handle })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(ownedBy(storeId, owner))
    .orderBy(desc(wishlistItems.id));
  return rows.map((row) => row.handle);
}

/** The saved products on sale, newest first, as cards (price and each variant's stock). */
export async function wishlistProducts(db: Database, storeId: string, owner: WishlistOwner | null): Promise<ProductCardData[]> {
  if (!owner) return [];
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(ownedBy(storeId, owner))
    .orderBy(desc(wishlistItems.id));
  const saved = await loadProducts(
    db,
    storeId,
    rows.map((row) => row.productId),
  );
  return saved.map(productCard);
}

/** The lowest price of a product's variants, in cents: what a price drop is measured against. */
const lowestPriceCents = sql<number | null>`(select min(v.price_cents) from variants v where v.product_id = "products"."id")`;

/**
 * Saves a product on sale (by handle) to the owner's wishlist; saving it again changes nothing. A wishlist holds at
 * most WISHLIST_LIMIT products.
 */
export async function saveToWishlist(db: Database, storeId: string, owner: WishlistOwner, handle: string): Promise<void> {
  const [product] = await db
    .select({ id: products.id, priceCents: lowestPriceCents })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.handle, handle), eq(products.status, ON_SALE_STATUS)));
  if (!product) throw notFound("No product has that handle.", "product");
  await db.transaction(async (tx) => {
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(wishlistItems)
      .where(ownedBy(storeId, owner));
    if (count >= WISHLIST_LIMIT) throw ruleBroken(WISHLIST_FULL_MESSAGE, "product");
    await tx
      .insert(wishlistItems)
      .values({ storeId, ...owner, productId: product.id, priceSeenCents: product.priceCents ?? 0 })
      .onConflictDoNothing();
  });
}

export async function removeFromWishlist(db: Database, storeId: string, owner: WishlistOwner, handle: string): Promise<void> {
  await db
    .delete(wishlistItems)
    .where(
      and(
        ownedBy(storeId, owner),
        sql`${wishlistItems.productId} in (select ${products.id} from ${products} where ${products.storeId} = ${storeId} and ${products.handle} = ${handle})`,
      ),
    );
}

/**
 * At sign-in the guest's saved products join the account's (a product saved on both is kept once, with the account's
 * row), as the guest cart joins the saved cart.
 */
export async function mergeGuestWishlist(db: Database, storeId: string, request: Request, customerId: number): Promise<void> {
  const guestCartId = cartIdForRequest(request);
  if (!guestCartId) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${wishlistItems} (store_id, customer_id, product_id, price_seen_cents, created_at)
      select store_id, ${customerId}, product_id, price_seen_cents, created_at from ${wishlistItems}
      where store_id = ${storeId} and guest_cart_id = ${guestCartId}
      order by id
      on conflict do nothing`);
    await tx.delete(wishlistItems).where(ownedBy(storeId, { guestCartId }));
  });
}

export async function priceDropAlertsOf(db: Database, customerId: number): Promise<boolean> {
  const [row] = await db.select({ on: customers.priceDropAlerts }).from(customers).where(eq(customers.id, customerId));
  return row?.on ?? false;
}

export async function setPriceDropAlerts(db: Database, storeId: string, customerId: number, on: boolean): Promise<void> {
  await db
    .update(customers)
    .set({ priceDropAlerts: on })
    .where(and(eq(customers.storeId, storeId), eq(customers.id, customerId)));
}

export type WishedForProduct = {
  handle: string;
  title: string;
  /** Wishlists holding it: customers' and guests'. */
  saves: number;
  /** Customers who saved it and get price-drop emails. */
  priceWatchers: number;
  /** Confirmed back-in-stock alerts waiting for its restock. */
  stockAlertsWaiting: number;
};

/**
 * What shoppers want, for the owner: the most saved products, and every product with back-in-stock alerts waiting,
 * most saved first (at most `limit`).
 */
export async function wishedForProducts(db: Database, storeId: string, limit = 100): Promise<WishedForProduct[]> {
  const [saved, waiting] = await Promise.all([
    db
      .select({
        productId: wishlistItems.productId,
        handle: products.handle,
        title: products.title,
        saves: sql<number>`count(*)::int`,
        priceWatchers: sql<number>`(count(*) filter (where ${customers.priceDropAlerts}))::int`,
      })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .leftJoin(customers, eq(customers.id, wishlistItems.customerId))
      .where(eq(wishlistItems.storeId, storeId))
      .groupBy(wishlistItems.productId, products.handle, products.title)
      .orderBy(desc(sql`count(*)`), products.title)
      .limit(limit),
    waitingStockAlertsByProduct(db, storeId),
  ]);
  const waitingOf = new Map(waiting.map((row) => [row.productId, row.waiting]));
  const rows: (WishedForProduct & { productId: number })[] = saved.map((row) => ({ ...row, stockAlertsWaiting: waitingOf.get(row.productId) ?? 0 }));
  const listed = new Set(rows.map((row) => row.productId));
  for (const row of waiting) {
    if (!listed.has(row.productId)) {
      rows.push({ productId: row.productId, handle: row.productHandle, title: row.productTitle, saves: 0, priceWatchers: 0, stockAlertsWaiting: row.waiting });
    }
  }
  return rows.slice(0, limit).map(({ productId: _productId, ...row }) => row);
}
