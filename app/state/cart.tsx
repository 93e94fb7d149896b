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
  type BundleContent,
  type CartItem,
  type CartState,
  type Discount,
  type NewBundleLine,
  type ProductCartItem,
  type StockBySku,
  lineKey,
} from "@core/cart";
import type { Bundle, BundleHandleOption, ProductCardData, SubscriptionOption, Variant } from "@core/schemas/catalog";
import type { CartResponse, DiscountResponse } from "@core/schemas/cart";
import { useShop } from "~/lib/use-shop";
import { createCartSync, type CartSync } from "~/state/cart-sync";
import { cartItemId, trackCartEvent } from "~/state/analytics";

export type InitialCart = CartResponse;

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
): ProductCartItem {
  const images = product.product_urls.length > 0 ? product.product_urls : [product.product_image_main ?? ""];
  return {
    kind: "product",
    title: product.product_title,
    handle: product.id,
    quantity,
    sku: variant.sku,
    product_price: variant.product_price,
    image_urls: images.filter((url) => url !== ""),
    product_attributes: variant.product_attributes,
    subscription: subscription
      ? {
          subscription_id: subscription.subscription_id,
          subscription_price: subscription.subscription_price,
          subscription_interval: subscription.subscription_interval,
          subscription_interval_unit: subscription.subscription_interval_unit,
        }
      : undefined,
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
      product_attributes: variant.product_attributes,
    });
  }
  return {
    kind: "bundle",
    bundle_id: bundle.bundle_id,
    title: bundle.title,
    price: bundle.price,
    bundle_image_urls: bundle.bundle_image_urls,
    handles: bundle.handles,
    selected_variants: selected,
    sku_to_quantity: Object.fromEntries(contents.map((content) => [content.sku, content.quantity])),
    contents,
  };
}

/** What the bundle page knows of the stock of each product's variants. */
export function stockOfOptions(options: BundleHandleOption[]): Record<string, number> {
  return Object.fromEntries(options.flatMap((option) => option.variants.map((variant) => [variant.sku, variant.total_stock])));
}

/** A call the server refused, with its status and the server's own error text when it gave one. */
class RequestError extends Error {
  constructor(
    url: string,
    readonly status: number,
    readonly serverError: string | undefined,
  ) {
    super(serverError ?? `Request to ${url} failed with status ${status}`);
  }
}

/**
 * A discount code as the server knows it, for the cart drawer and the checkout page alike. Refused with the words
 * the shopper should read (core's discountRefusalMessage); an unreachable server gives no status, so the spec's
 * 'Invalid discount code'.
 */
export async function lookupDiscount(storeId: string, code: string): Promise<Discount> {
  try {
    const { data } = await requestJson<DiscountResponse>(`/api/discount/${encodeURIComponent(code)}?store_id=${encodeURIComponent(storeId)}`);
    return data;
  } catch (error) {
    const answer = error instanceof RequestError ? error : null;
    throw new Error(discountRefusalMessage(answer?.status ?? 0, answer?.serverError), { cause: error });
  }
}

async function requestJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, {
    credentials: "include",
    ...init,
    headers: { "content-type": "application/json", ...init?.headers },
  });
  const body = (await response.json().catch(() => null)) as (T & { error?: string }) | null;
  if (!response.ok || body === null) throw new RequestError(url, response.status, body?.error);
  return body;
}

/** One sync queue per provider; the server's answers reach the provider's latest callback. */
function useCartSync(onSynced: (response: CartResponse) => void): CartSync {
  const onSyncedRef = useRef(onSynced);
  useEffect(() => {
    onSyncedRef.current = onSynced;
  }, [onSynced]);
  const [sync] = useState(() =>
    createCartSync(
      (payload) => requestJson<CartResponse>("/api/cart-items", { method: "POST", body: JSON.stringify(payload) }),
      (response) => onSyncedRef.current(response),
    ),
  );
  return sync;
}

/** The server's answer, reduced to what decides whether the local cart differs from it. */
function syncedSignature(items: CartItem[], discount: Discount | null): string {
  return JSON.stringify([items, discount?.code ?? null]);
}

/** Tells analytics which line changed, by its sku or bundle id. */
function trackLineEvent(event: "ITEM_QUANTITY_UPDATED" | "ITEM_REMOVED", key: string, items: CartItem[]) {
  const line = items.find((item) => lineKey(item) === key);
  trackCartEvent(event, line ? cartItemId(line) : undefined);
}

export function CartProvider({ initial, children }: { initial?: InitialCart | null; children: React.ReactNode }) {
  const [state, dispatch] = useReducer(cartReducer, initial, (start) =>
    createCartState({ cartItems: start?.cartItems ?? [], activeDiscount: start?.discount ?? null }),
  );
  const [notices, setNotices] = useState<string[]>(initial?.notices ?? []);
  const [stock, setStock] = useState<StockBySku>(initial?.stock ?? {});
  // A page's stock of a variant just added holds the line until the server's answer brings the stock of now.
  const noteStock = useCallback((known: StockBySku) => setStock((current) => ({ ...current, ...known })), []);
  // What the server holds; a local state equal to it needs no sync (the first render, or the server's own answer).
  const synced = useRef(syncedSignature(state.cartItems, state.activeDiscount));
  const stateRef = useRef(state);
  stateRef.current = state;

  const applyServerCart = useCallback((response: CartResponse) => {
    synced.current = syncedSignature(response.cartItems, response.discount);
    dispatch({ type: "replaceItems", items: response.cartItems });
    setStock(response.stock);
    if (response.discount) dispatch({ type: "setDiscount", discount: response.discount });
    else dispatch({ type: "clearDiscount" });
    if (response.notices.length > 0) setNotices(response.notices);
  }, []);

  const { send, flush, settled } = useCartSync(applyServerCart);

  useEffect(() => {
    const signature = syncedSignature(state.cartItems, state.activeDiscount);
    if (signature === synced.current) return;
    synced.current = signature;
    send({ cartItems: state.cartItems, discount_code: state.activeDiscount?.code ?? null });
  }, [state.cartItems, state.activeDiscount, send]);

  // The root loader runs again after a form action; when the server's cart changed meanwhile (sign-in merged the
  // guest cart into the customer's) and every local change has reached it, the server's cart is the newer one.
  useEffect(() => {
    if (!initial || !settled()) return;
    if (syncedSignature(initial.cartItems, initial.discount) !== synced.current) applyServerCart(initial);
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
    if (exceedsStock(stateRef.current.cartItems, item.sku_to_quantity, known)) return "exceeds_stock";
    const check = canAddLine(stateRef.current, item);
    if (check === "cart_full" || check === "line_cap") return check;
    noteStock(Object.fromEntries(Object.keys(item.sku_to_quantity).map((sku) => [sku, known[sku]])));
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

  const { storeId } = useShop();
  const applyDiscount = useCallback<CartContextValue["applyDiscount"]>(
    async (code) => {
      const trimmed = code.trim();
      if (trimmed === "") return "ignored";
      try {
        dispatch({ type: "setDiscount", discount: await lookupDiscount(storeId, trimmed) });
        return "applied";
      } catch (error) {
        console.error("Failed to fetch discount code", error);
        return { refused: (error as Error).message };
      }
    },
    [storeId],
  );

  const reload = useCallback(async () => {
    const response = await requestJson<CartResponse>("/api/cart-items");
    applyServerCart(response);
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
