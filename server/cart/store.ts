/**
 * The stored cart (docs/api.md, Cart service): one row per cart, its lines, and the applied discount code. A guest's
 * cart is found through a random token in an httpOnly cookie; the database keeps only the token's SHA-256, so a leaked
 * table opens no cart.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { generateCookie } from "hono/cookie";
import { parse } from "hono/utils/cookie";
import { INVALID_DISCOUNT_MESSAGE, cartReducer, createCartState, type CartLine, type LineRequest, type PricedCartView } from "../../core/cart";
import { lineRequestOf } from "../../core/cart-wire";
import { formatMoney } from "../../core/money";
import type { SaveCartRequest } from "../../core/schemas/cart";
import { secureCookies, type Config } from "../config";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { cartLines, carts } from "../db/schema";
import { CART_COOKIE } from "../http/cookies";
import { findDiscount } from "./discounts";
import { priceCart, type PricedCart, type PricedLine } from "./pricing";
import { badInput } from "../../core/errors";

const CART_DAYS = 60;

/** A stored line: what identifies it, how many, and the unit price it was last shown at (null before any). */
export type StoredCartLine = LineRequest & { unitPriceCents: number | null };

function cartIdOfToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function cartToken(request: Request): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  const token = parse(header, CART_COOKIE)[CART_COOKIE];
  // Our tokens are 43 base64url characters; anything else was not issued here.
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

/** The id of the cart the request's cookie names (whether or not it is stored yet), or undefined without one. */
export function cartIdForRequest(request: Request): string | undefined {
  const token = cartToken(request);
  return token ? cartIdOfToken(token) : undefined;
}

export function cartCookie(config: Config, token: string): string {
  return generateCookie(CART_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: secureCookies(config),
    maxAge: CART_DAYS * 24 * 60 * 60,
  });
}

/** A new cart token, its cart id, and the cookie that carries it. */
export function newCartToken(config: Config): { cartId: string; setCookie: string } {
  const token = randomBytes(32).toString("base64url");
  return { cartId: cartIdOfToken(token), setCookie: cartCookie(config, token) };
}

/** The stored lines of a cart in the shopper's order, as the checkout reads them to price an order. */
export async function getCartLines(db: Database, storeId: string, cartId: string): Promise<StoredCartLine[]> {
  const rows = await db
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.storeId, storeId), eq(cartLines.cartId, cartId)))
    .orderBy(asc(cartLines.position), asc(cartLines.id));
  return rows.map((row): StoredCartLine =>
    row.kind === "bundle"
      ? {
          kind: "bundle",
          bundleId: row.bundleId ?? 0,
          selectedVariants: row.selectedVariants ?? {},
          quantity: row.quantity,
          unitPriceCents: row.unitPriceCents,
        }
      : {
          kind: "product",
          sku: row.sku ?? "",
          subscription: row.subscriptionId ? { id: row.subscriptionId } : null,
          quantity: row.quantity,
          unitPriceCents: row.unitPriceCents,
        },
  );
}

export async function getCartDiscountCode(db: Database, storeId: string, cartId: string): Promise<string | null> {
  const [row] = await db
    .select({ discountCode: carts.discountCode })
    .from(carts)
    .where(and(eq(carts.storeId, storeId), eq(carts.id, cartId)));
  return row?.discountCode ?? null;
}

/**
 * Applies a code to the stored cart (null or blank removes it) and answers the code now applied; a code the store does
 * not have, or has used up, is refused as the cart's Apply refuses it, and the cart keeps its code.
 */
export async function setCartDiscountCode(db: Database, storeId: string, cartId: string, code: string | null): Promise<string | null> {
  const discount = code?.trim() ? await findDiscount(db, storeId, code) : null;
  if (code?.trim() && !discount) throw badInput(INVALID_DISCOUNT_MESSAGE, "discount_code");
  await db
    .update(carts)
    .set({ discountCode: discount?.code ?? null, updatedAt: new Date() })
    .where(and(eq(carts.storeId, storeId), eq(carts.id, cartId)));
  return discount?.code ?? null;
}

/** The stored cart priced now, with its stored discount code: what the checkout charges. */
export async function priceStoredCart(db: Database, storeId: string, cartId: string): Promise<PricedCart> {
  const [lines, code] = await Promise.all([getCartLines(db, storeId, cartId), getCartDiscountCode(db, storeId, cartId)]);
  return priceCart(db, storeId, lines, code);
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function writeLines(tx: Transaction, storeId: string, cartId: string, lines: readonly PricedLine[]) {
  await tx.delete(cartLines).where(and(eq(cartLines.storeId, storeId), eq(cartLines.cartId, cartId)));
  if (lines.length === 0) return;
  await tx.insert(cartLines).values(
    lines.map((line, position) => ({
      storeId,
      cartId,
      kind: line.kind,
      sku: line.kind === "product" ? line.sku : null,
      subscriptionId: line.kind === "product" ? (line.subscription?.id ?? null) : null,
      bundleId: line.kind === "bundle" ? line.bundleId : null,
      selectedVariants: line.kind === "bundle" ? line.selectedVariants : null,
      quantity: line.quantity,
      unitPriceCents: line.unitCents,
      position,
    })),
  );
}

/**
 * First statement of every write: the cart row's lock makes concurrent writes of one cart (two tabs) wait for each
 * other, so the lines replaced are always a whole version, never a mix of two.
 */
async function upsertCart(tx: Transaction, storeId: string, cartId: string, discountCode: string | null) {
  await tx
    .insert(carts)
    .values({ id: cartId, storeId, discountCode })
    .onConflictDoUpdate({ target: carts.id, set: { discountCode, updatedAt: new Date() } });
}

function view(priced: PricedCart, notices: string[]): PricedCartView {
  return {
    // Only the line itself: the pricing's bookkeeping is not the shopper's (and not the page's HTML).
    lines: priced.lines.map(({ inputIndex, key, stockComponents, stockOnHand, taxClass: _taxClass, ...line }) => line as CartLine),
    discount: priced.discount,
    notices,
    stock: Object.assign({}, ...priced.lines.map((line) => line.stockOnHand)),
  };
}

const EMPTY_CART: PricedCartView = { lines: [], discount: null, notices: [], stock: {} };

/**
 * Stores the cart as sent, or refuses it whole: a line the database cannot back is a 400 naming it, and the stored
 * cart stays as it was. Prices come from the database; the browser's are never read.
 */
export async function saveCart(
  db: Database,
  storeId: string,
  cartId: string,
  request: SaveCartRequest,
): Promise<PricedCartView> {
  const storedCode = request.discount_code === undefined ? await getCartDiscountCode(db, storeId, cartId) : null;
  const code = request.discount_code === undefined ? storedCode : request.discount_code;
  const priced = await priceCart(db, storeId, request.cartItems.map(lineRequestOf), code);
  const [problem] = priced.problems;
  if (problem) throw badInput(problem.message, problem.field);
  const notices =
    code && !priced.discount ? [`The discount code ${code} is no longer valid and was removed.`] : [];
  await db.transaction(async (tx) => {
    await upsertCart(tx, storeId, cartId, priced.discount?.code ?? null);
    await writeLines(tx, storeId, cartId, priced.lines);
  });
  return view(priced, notices);
}

/**
 * Loads the cart and repairs what changed since it was saved: lines whose product, variant, subscription or bundle
 * is gone are removed, lines whose price changed take the new price, a used-up code is dropped; each repair is
 * written back and explained in `notices`.
 */
export async function loadCart(db: Database, storeId: string, cartId: string | undefined): Promise<PricedCartView> {
  if (!cartId) return EMPTY_CART;
  const [stored, code] = await Promise.all([getCartLines(db, storeId, cartId), getCartDiscountCode(db, storeId, cartId)]);
  if (stored.length === 0 && code === null) return EMPTY_CART;
  const priced = await priceCart(db, storeId, stored, code);
  const notices: string[] = priced.problems.map((problem) =>
    problem.title
      ? `${problem.title} is no longer available as chosen and was removed from your cart.`
      : "An item in your cart is no longer available and was removed.",
  );
  for (const line of priced.lines) {
    const before = stored[line.inputIndex].unitPriceCents;
    if (before !== null && before !== line.unitCents) {
      notices.push(`The price of ${line.title} changed from ${formatMoney(before)} to ${formatMoney(line.unitCents)}.`);
    }
  }
  if (code && !priced.discount) notices.push(`The discount code ${code} is no longer valid and was removed.`);
  if (notices.length > 0) {
    await db.transaction(async (tx) => {
      await upsertCart(tx, storeId, cartId, priced.discount?.code ?? null);
      await writeLines(tx, storeId, cartId, priced.lines);
    });
  }
  return view(priced, notices);
}

/** The cart of this request, repaired, for the API and for the root loader (so SSR draws the right badge). */
export function loadCartForRequest(deps: Pick<AppDeps, "db" | "storeId">, request: Request): Promise<PricedCartView> {
  return loadCart(deps.db, deps.storeId, cartIdForRequest(request));
}

/**
 * Moves the lines of one cart into another (a guest cart into the customer's after sign-in) with core's add rules:
 * a line already in the target grows while it stays below the add cap, a new line joins while fewer than 19 are
 * there, anything else is left out. The source cart is deleted; a code applied to it carries over when the target
 * has none. With `keepSource` the source stays as it was: its lines are copied (a reminded cart restored in another
 * browser, decision 0037).
 */
export async function mergeCarts(
  db: Database,
  storeId: string,
  fromCartId: string,
  intoCartId: string,
  options: { keepSource?: boolean } = {},
): Promise<void> {
  if (fromCartId === intoCartId) return;
  const [from, into, fromCode, intoCode] = await Promise.all([
    getCartLines(db, storeId, fromCartId),
    getCartLines(db, storeId, intoCartId),
    getCartDiscountCode(db, storeId, fromCartId),
    getCartDiscountCode(db, storeId, intoCartId),
  ]);
  const [target, source] = await Promise.all([priceCart(db, storeId, into, null), priceCart(db, storeId, from, null)]);
  let state = createCartState({ cartItems: target.lines });
  for (const line of source.lines) {
    if (line.kind === "product") {
      state = cartReducer(state, { type: "addProduct", item: line });
    } else {
      // Core adds a bundle one at a time, so a bundle line of quantity n is n adds under the same caps.
      const { quantity, ...bundle } = line;
      for (let added = 0; added < quantity; added += 1) state = cartReducer(state, { type: "addBundle", item: bundle });
    }
  }
  const code = intoCode ?? fromCode;
  const discount = code ? await findDiscount(db, storeId, code) : null;
  const merged = await priceCart(db, storeId, state.cartItems, discount?.code ?? null);
  await db.transaction(async (tx) => {
    await upsertCart(tx, storeId, intoCartId, merged.discount?.code ?? null);
    await writeLines(tx, storeId, intoCartId, merged.lines);
    if (!options.keepSource) await tx.delete(carts).where(and(eq(carts.storeId, storeId), eq(carts.id, fromCartId)));
  });
}
