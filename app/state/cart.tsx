/**
 * The browser's cart: core's reducer in a React context, kept in step with the server. The first state comes from
 * the root loader (the server's cart, so SSR draws the badge right); every change afterwards is sent to
 * POST /api/cart-items. A failed send is logged and the local cart kept; the next change sends the whole cart again.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState } from "react";
import {
  canAddLine,
  cartReducer,
  createCartState,
  discountRefusalMessage,
  exceedsStock,
  productUnitCents,
  unitsPerLine,
  type BundleContent,
  type CartLine,
  type CartState,
  type Discount,
  type NewBundleLine,
  type PricedCartView,
  type ProductLine,
  type StockBySku,
  lineKey,
} from "@core/cart";
import { toCents } from "@core/money";
import type { Bundle, BundleHandleOption, ProductCardData, SubscriptionOption, Variant } from "@core/schemas/catalog";
import type { CartResponse, DiscountResponse } from "@core/schemas/cart";
import { api, ApiError } from "~/lib/api";
import { createCartSync, type CartSync } from "~/state/cart-sync";
import { cartItemId, trackCartEvent } from "~/state/analytics";

export type InitialCart = PricedCartView;

/**
 * The API's shapes are read and made only when the cart talks to the server, after an add or on Apply: the mapping
 * loads then, not with every page (the first render's cart comes from the root loader in core's shapes).
 */
const wire = () => import("@core/cart-wire");

export type AddProductResult = "added" | "cart_full" | "line_cap" | "invalid_quantity";
export type AddBundleResult = "added" | "incomplete" | "exceeds_stock" | "cart_full" | "line_cap";
export type QuickAddResult = "added" | "out_of_stock" | "ignored";
/** `refused` is what to tell the shopper. */
export type ApplyDiscountResult = "applied" | "ignored" | { refused: string };

export type CartContextValue = {
  state: CartState;
  /** Units in stock of the variants the cart holds, from the server's last answer and the pages that added them. */
  stock: StockBySku;
  /** Why the saved cart changed since the shopper last saw it (removed or repriced lines). */
  notices: string[];
  dismissNotices(): void;
  addProduct(
    product: ProductCardData,
    variant: Variant,
    quantity: number,
    subscription: SubscriptionOption | null,
  ): AddProductResult;
  addBundle(
    bundle: Bundle,
    options: BundleHandleOption[],
    selectedVariants: Record<string, string | undefined>,
  ): AddBundleResult;
  /** The product card's quick shop: one unit, refused when the variant has no stock beyond what the cart holds. */
  quickAdd(product: ProductCardData, variant: Variant): Promise<QuickAddResult>;
  updateQuantity(key: string, quantity: number): void;
  remove(key: string): void;
  clear(): void;
  applyDiscount(code: string): Promise<ApplyDiscountResult>;
  removeDiscount(): void;
  openCart(): void;
  closeCart(): void;
  /** Resolves once the server holds the current cart (checkout prices the stored cart). */
  flush(): Promise<void>;
  /** Loads the server's cart again, e.g. after sign-in merged the guest cart into the customer's. */
  reload(): Promise<void>;
};

const CartContext = createContext<CartContextValue | null>(null);

function productCartItem(
  product: ProductCardData,
  variant: Variant,
  quantity: number,
  subscription: SubscriptionOption | null,
): ProductLine {
  const images = product.product_urls.length > 0 ? product.product_urls : [product.product_image_main ?? ""];
  const plan = subscription && {
    id: subscription.subscription_id,
    priceCents: toCents(subscription.subscription_price),
    interval: subscription.subscription_interval,
    intervalUnit: subscription.subscription_interval_unit,
  };
  return {
    kind: "product",
    sku: variant.sku,
    subscription: plan,
    handle: product.id,
    title: product.product_title,
    quantity,
    unitCents: productUnitCents(toCents(variant.product_price), plan),
    imageUrls: images.filter((url) => url !== ""),
    attributes: variant.product_attributes,
  };
}

/** The bundle line for the chosen variants, or null until every product of the bundle has one. */
export function bundleCartItem(
  bundle: Bundle,
  options: BundleHandleOption[],
  selectedVariants: Record<string, string | undefined>,
): NewBundleLine | null {
  const selected: Record<string, string> = {};
  const contents: BundleContent[] = [];
  for (const handle of bundle.handles) {
    const sku = selectedVariants[handle];
    const option = options.find((candidate) => candidate.id === handle);
    const variant = option?.variants.find((candidate) => candidate.sku === sku);
    if (!sku || !option || !variant) return null;
    selected[handle] = sku;
    contents.push({
      handle,
      sku,
      quantity: option.bundle_variations.find((item) => item.sku === sku)?.quantity ?? 1,
      attributes: variant.product_attributes,
    });
  }
  return {
    kind: "bundle",
    bundleId: bundle.bundle_id,
    selectedVariants: selected,
    title: bundle.title,
    unitCents: toCents(bundle.price),
    imageUrls: bundle.bundle_image_urls,
    handles: bundle.handles,
    contents,
  };
}

/** What the bundle page knows of the stock of each product's variants. */
export function stockOfOptions(options: BundleHandleOption[]): Record<string, number> {
  return Object.fromEntries(options.flatMap((option) => option.variants.map((variant) => [variant.sku, variant.total_stock])));
}

/**
 * A discount code as the server knows it, for the cart's Apply. Refused with the words the shopper should read
 * (core's discountRefusalMessage); an unreachable server gives no status, so the spec's 'Invalid discount code'.
 */
async function lookupDiscount(code: string): Promise<Discount> {
  try {
    const [{ data }, { fromApiDiscount }] = await Promise.all([api<DiscountResponse>(`/api/discount/${encodeURIComponent(code)}`), wire()]);
    return fromApiDiscount(data);
  } catch (error) {
    const answer = error instanceof ApiError ? error : null;
    throw new Error(discountRefusalMessage(answer?.status ?? 0, answer?.serverError), { cause: error });
  }
}

/** One sync queue per provider; the server's answers reach the provider's latest callback. */
function useCartSync(onSynced: (cart: PricedCartView) => void): CartSync {
  const onSyncedRef = useRef(onSynced);
  useEffect(() => {
    onSyncedRef.current = onSynced;
  }, [onSynced]);
  const [sync] = useState(() =>
    createCartSync(
      async ({ lines, discountCode }) => {
        const { fromApiCart, toApiCartItem } = await wire();
        const body = { cartItems: lines.map(toApiCartItem), discount_code: discountCode };
        return fromApiCart(await api<CartResponse>("/api/cart-items", { body }));
      },
      (cart) => onSyncedRef.current(cart),
    ),
  );
  return sync;
}

/** The cart, reduced to what decides whether the local cart differs from the server's. */
function syncedSignature(lines: readonly CartLine[], discountCode: string | null): string {
  return JSON.stringify([lines.map((line) => [lineKey(line), line.quantity, line.unitCents]), discountCode]);
}

/** Tells analytics which line changed, by its sku or bundle id. */
function trackLineEvent(event: "ITEM_QUANTITY_UPDATED" | "ITEM_REMOVED", key: string, items: CartLine[]) {
  const line = items.find((item) => lineKey(item) === key);
  trackCartEvent(event, line ? cartItemId(line) : undefined);
}

export function CartProvider({ initial, children }: { initial?: InitialCart | null; children: React.ReactNode }) {
  const [state, dispatch] = useReducer(cartReducer, initial, (start) =>
    createCartState({ cartItems: start?.lines ?? [], activeDiscount: start?.discount ?? null }),
  );
  const [notices, setNotices] = useState<string[]>(initial?.notices ?? []);
  const [stock, setStock] = useState<StockBySku>(initial?.stock ?? {});
  // A page's stock of a variant just added holds the line until the server's answer brings the stock of now.
  const noteStock = useCallback((known: StockBySku) => setStock((current) => ({ ...current, ...known })), []);
  // What the server holds; a local state equal to it needs no sync (the first render, or the server's own answer).
  const synced = useRef(syncedSignature(state.cartItems, state.activeDiscount?.code ?? null));
  const stateRef = useRef(state);
  stateRef.current = state;

  const applyServerCart = useCallback((cart: PricedCartView) => {
    const { lines, discount } = cart;
    synced.current = syncedSignature(lines, discount?.code ?? null);
    dispatch({ type: "replaceItems", items: lines });
    setStock(cart.stock);
    if (discount) dispatch({ type: "setDiscount", discount });
    else dispatch({ type: "clearDiscount" });
    if (cart.notices.length > 0) setNotices(cart.notices);
  }, []);

  const { send, flush, settled } = useCartSync(applyServerCart);

  useEffect(() => {
    const signature = syncedSignature(state.cartItems, state.activeDiscount?.code ?? null);
    if (signature === synced.current) return;
    synced.current = signature;
    send({ lines: state.cartItems, discountCode: state.activeDiscount?.code ?? null });
  }, [state.cartItems, state.activeDiscount, send]);

  // The root loader runs again after a form action; when the server's cart changed meanwhile (sign-in merged the
  // guest cart into the customer's) and every local change has reached it, the server's cart is the newer one.
  useEffect(() => {
    if (!initial || !settled()) return;
    if (syncedSignature(initial.lines, initial.discount?.code ?? null) !== synced.current) applyServerCart(initial);
  }, [initial, settled, applyServerCart]);

  // A shopper who has seen why the cart changed opens it to read the lines; the notice stays until dismissed.
  useEffect(() => {
    if (initial?.notices.length) dispatch({ type: "showCart" });
  }, [initial]);

  const addProduct = useCallback<CartContextValue["addProduct"]>((product, variant, quantity, subscription) => {
    const item = productCartItem(product, variant, quantity, subscription);
    const check = canAddLine(stateRef.current, item);
    if (check !== "ok") return check;
    noteStock({ [variant.sku]: variant.total_stock });
    dispatch({ type: "addProduct", item });
    trackCartEvent("ITEM_ADDED", cartItemId(item));
    return "added";
  }, [noteStock]);

  const addBundle = useCallback<CartContextValue["addBundle"]>((bundle, options, selectedVariants) => {
    const item = bundleCartItem(bundle, options, selectedVariants);
    if (!item) return "incomplete";
    const known = stockOfOptions(options);
    const units = unitsPerLine(item);
    if (exceedsStock(stateRef.current.cartItems, units, known)) return "exceeds_stock";
    const check = canAddLine(stateRef.current, item);
    if (check === "cart_full" || check === "line_cap") return check;
    noteStock(Object.fromEntries(Object.keys(units).map((sku) => [sku, known[sku]])));
    dispatch({ type: "addBundle", item });
    trackCartEvent("ITEM_ADDED", cartItemId(item));
    return "added";
  }, [noteStock]);

  const quickAdd = useCallback<CartContextValue["quickAdd"]>(
    async (product, variant) => {
      if (exceedsStock(stateRef.current.cartItems, { [variant.sku]: 1 }, { [variant.sku]: variant.total_stock })) {
        return "out_of_stock";
      }
      return addProduct(product, variant, 1, null) === "added" ? "added" : "ignored";
    },
    [addProduct],
  );

  const applyDiscount = useCallback<CartContextValue["applyDiscount"]>(async (code) => {
    const trimmed = code.trim();
    if (trimmed === "") return "ignored";
    try {
      dispatch({ type: "setDiscount", discount: await lookupDiscount(trimmed) });
      return "applied";
    } catch (error) {
      console.error("Failed to fetch discount code", error);
      return { refused: (error as Error).message };
    }
  }, []);

  const reload = useCallback(async () => {
    const [response, { fromApiCart }] = await Promise.all([api<CartResponse>("/api/cart-items"), wire()]);
    applyServerCart(fromApiCart(response));
  }, [applyServerCart]);

  const value = useMemo<CartContextValue>(
    () => ({
      state,
      stock,
      notices,
      dismissNotices: () => setNotices([]),
      addProduct,
      addBundle,
      quickAdd,
      updateQuantity: (key, quantity) => {
        trackLineEvent("ITEM_QUANTITY_UPDATED", key, stateRef.current.cartItems);
        dispatch({ type: "updateQuantity", key, quantity });
      },
      remove: (key) => {
        trackLineEvent("ITEM_REMOVED", key, stateRef.current.cartItems);
        dispatch({ type: "remove", key });
      },
      clear: () => {
        trackCartEvent("CART_EMPTIED");
        dispatch({ type: "clear" });
      },
      applyDiscount,
      removeDiscount: () => dispatch({ type: "clearDiscount" }),
      openCart: () => dispatch({ type: "showCart" }),
      closeCart: () => dispatch({ type: "hideCart" }),
      flush,
      reload,
    }),
    [state, stock, notices, addProduct, addBundle, quickAdd, applyDiscount, flush, reload],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const cart = useContext(CartContext);
  if (!cart) throw new Error("useCart() is only available inside <CartProvider>");
  return cart;
}
