/**
 * After sign-in the guest cart joins the customer's saved cart (the spec's caps apply, through the cart module's
 * mergeCarts). The browser only holds a cart token whose hash is the cart id, and the saved cart's token is not
 * known, so the merged cart goes under a new token handed to the browser, like the session's new id at sign-in.
 */
import { and, desc, eq, isNull, or } from "drizzle-orm";
import { generateCookie } from "hono/cookie";
import { cartIdForRequest, mergeCarts, newCartToken } from "../cart/store";
import { CART_COOKIE } from "../http/cookies";
import type { AppDeps } from "../context";
import { carts } from "../db/schema";

async function savedCartOf(deps: AppDeps, storeId: string, customerId: number): Promise<string | undefined> {
  const [row] = await deps.db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.storeId, storeId), eq(carts.customerId, customerId)))
    .orderBy(desc(carts.updatedAt))
    .limit(1);
  return row?.id;
}

async function cartExists(deps: AppDeps, storeId: string, cartId: string | undefined): Promise<boolean> {
  if (!cartId) return false;
  const [row] = await deps.db.select({ id: carts.id }).from(carts).where(and(eq(carts.storeId, storeId), eq(carts.id, cartId)));
  return Boolean(row);
}

/** Merges the request's guest cart into the customer's saved cart; returns the cart cookie to set, if it changed. */
export async function mergeGuestCart(
  deps: AppDeps,
  storeId: string,
  customerId: number,
  request: Request,
): Promise<string | undefined> {
  const guestCartId = cartIdForRequest(request);
  const guestCart = (await cartExists(deps, storeId, guestCartId)) ? guestCartId : undefined;
  const savedCart = await savedCartOf(deps, storeId, customerId);
  if (savedCart === guestCart) return undefined;
  if (!savedCart && guestCart) {
    await deps.db.update(carts).set({ customerId }).where(and(eq(carts.storeId, storeId), eq(carts.id, guestCart)));
    return undefined;
  }
  if (!savedCart) return undefined;
  const { cartId, setCookie } = newCartToken(deps.config);
  await mergeCarts(deps.db, storeId, savedCart, cartId);
  if (guestCart) await mergeCarts(deps.db, storeId, guestCart, cartId);
  await deps.db.update(carts).set({ customerId }).where(and(eq(carts.storeId, storeId), eq(carts.id, cartId)));
  return setCookie;
}

/**
 * At sign-out the browser's cart stays with the account (it is linked to it if it was filled while signed in) and
 * the browser forgets it, so the next person at this computer does not see it. Returns the cookie that clears it.
 */
export async function keepCartWithAccount(
  deps: AppDeps,
  storeId: string,
  customerId: number,
  request: Request,
): Promise<string | undefined> {
  const cartId = cartIdForRequest(request);
  if (!cartId) return undefined;
  const linked = await deps.db
    .update(carts)
    .set({ customerId })
    .where(and(eq(carts.storeId, storeId), eq(carts.id, cartId), or(isNull(carts.customerId), eq(carts.customerId, customerId))))
    .returning({ id: carts.id });
  if (linked.length === 0) return undefined;
  return generateCookie(CART_COOKIE, "", { path: "/", httpOnly: true, sameSite: "Lax", maxAge: 0 });
}
