/**
 * The cart rules (docs/product.md, States and Rules), shared by the browser store and the server so both compute the
 * same lines and the same totals. Pure: no React, no database, no I/O.
 */
import { formatMoney, roundCents } from "./money";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "./rate-limit";

export const MAX_DISTINCT_LINES = 19;
/** An add may leave a product line only below this quantity, and grows a bundle line only while it is below it. */
export const LINE_ADD_CAP = 20;
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;

export const CART_FULL_MESSAGE = "Cart is full. Maximum 19 different items allowed.";
export const EXCEEDS_STOCK_MESSAGE = "Requested quantity exceeds available stock";
export const OUT_OF_STOCK_MESSAGE = "This item is currently out of stock.";
export const INCOMPLETE_BUNDLE_MESSAGE = "Please select all product options";
export const INVALID_DISCOUNT_MESSAGE = "Invalid discount code";

/**
 * What a refused discount code is called: "Invalid" only when the server looked it up. A shopper over the guess limit
 * (429) may have typed a valid code, so is told to wait, in the server's words when it gave some.
 */
export function discountRefusalMessage(status: number, serverError?: string): string {
  if (status === 429) return serverError || TOO_MANY_ATTEMPTS_MESSAGE;
  return INVALID_DISCOUNT_MESSAGE;
}

/** A subscription plan chosen for a line: the line is charged its price every interval. */
export type LineSubscription = {
  id: string;
  priceCents: number;
  interval: number;
  intervalUnit: string;
};

/**
 * What makes a line one line, and all the server needs to price it: a sku with its plan (a subscribed and a one-time
 * line of one sku are separate lines), or a bundle with the variant chosen for each of its products.
 */
export type LineIdentity =
  | { kind: "product"; sku: string; subscription: Pick<LineSubscription, "id"> | null }
  | { kind: "bundle"; bundleId: number; selectedVariants: Record<string, string> };

/** A line as asked for: its identity and how many. */
export type LineRequest = LineIdentity & { quantity: number };

export type ProductLine = {
  kind: "product";
  sku: string;
  /** The plan chosen, null for a one-time purchase. */
  subscription: LineSubscription | null;
  handle: string;
  title: string;
  quantity: number;
  /** What one unit is charged: the subscription's price on a subscribed line. */
  unitCents: number;
  imageUrls: string[];
  attributes: Record<string, string>;
};

/** One product of a bundle line as the shopper chose it, in the bundle's order: what the line's text lists. */
export type BundleContent = {
  handle: string;
  sku: string;
  /** Units of this product one bundle holds. */
  quantity: number;
  attributes: Record<string, string>;
};

export type BundleLine = {
  kind: "bundle";
  bundleId: number;
  /** Product handle to the chosen variant sku. */
  selectedVariants: Record<string, string>;
  title: string;
  quantity: number;
  unitCents: number;
  imageUrls: string[];
  handles: string[];
  contents: BundleContent[];
};

/** The one cart line, in integer cents, from the browser's reducer to the server's pricing and the order. */
export type CartLine = ProductLine | BundleLine;

/** A bundle is always added one at a time, so the caller gives no quantity. */
export type NewBundleLine = Omit<BundleLine, "quantity">;

/** A discount code's terms, in cents. */
export type Discount = {
  code: string;
  /** Whole percent; when null the fixed amountCents applies. */
  percentage: number | null;
  maxRedeemableCents: number | null;
  amountCents: number | null;
  /** Redemptions left; the code is void below 1. */
  maxRedemptions: number;
  freeShipping: boolean;
  /** The subtotal the code needs before it takes anything off; absent or null: any subtotal. */
  minimumSubtotalCents?: number | null;
};

export type CartState = {
  currencySymbol: string;
  cartItems: CartLine[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  shouldShowCart: boolean;
  activeDiscount: Discount | null;
};

export type CartAction =
  | { type: "addProduct"; item: ProductLine }
  | { type: "addBundle"; item: NewBundleLine }
  /** `key` is `lineKey(line)`: sku plus subscription for products, bundle id plus chosen variants for bundles. */
  | { type: "updateQuantity"; key: string; quantity: number }
  | { type: "remove"; key: string }
  | { type: "clear" }
  /** The cart loaded from the server replaces the local lines. */
  | { type: "replaceItems"; items: CartLine[] }
  | { type: "setDiscount"; discount: Discount }
  | { type: "clearDiscount" }
  | { type: "showCart" }
  | { type: "hideCart" };

/** Why an add would be ignored; the product page turns "cart_full" into CART_FULL_MESSAGE. */
export type AddCheck = "ok" | "cart_full" | "line_cap" | "invalid_quantity";

/**
 * The one line identity, in the browser and on the server alike. JSON keeps the parts unambiguous whatever characters
 * a sku holds; the variants are sorted so the key does not depend on the order the page listed them in.
 */
export function lineKey(line: LineIdentity): string {
  if (line.kind === "product") return JSON.stringify(["product", line.sku, line.subscription?.id ?? null]);
  const variants = Object.entries(line.selectedVariants).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(["bundle", line.bundleId, variants]);
}

/** What one unit of a product line is charged: the subscription's price on a subscribed line. */
export function productUnitCents(variantPriceCents: number, subscription: Pick<LineSubscription, "priceCents"> | null): number {
  return subscription ? subscription.priceCents : variantPriceCents;
}

export function lineTotalCents(line: Pick<CartLine, "unitCents" | "quantity">): number {
  return line.unitCents * line.quantity;
}

/** Every line, bundles included, on every path: the spec's discount path that skipped bundles is a defect. */
export function subtotalCents(items: readonly Pick<CartLine, "unitCents" | "quantity">[]): number {
  return items.reduce((sum, item) => sum + lineTotalCents(item), 0);
}

/** What the drawer and the checkout say of a code whose minimum the goods do not reach. */
export const minimumSubtotalMessage = (minimumCents: number) => `This code needs an order of at least ${formatMoney(minimumCents)}`;

/** Whether the goods reach the code's minimum subtotal (counted before the discount). */
export function meetsMinimumSubtotal(subtotal: number, discount: Pick<Discount, "minimumSubtotalCents">): boolean {
  return discount.minimumSubtotalCents == null || subtotal >= discount.minimumSubtotalCents;
}

/** The one discount calculation, used by the drawer, the checkout and the server alike. */
export function discountCents(subtotal: number, discount: Discount | null | undefined): number {
  if (!discount || discount.maxRedemptions < 1 || !meetsMinimumSubtotal(subtotal, discount)) return 0;
  let amount: number;
  if (discount.percentage != null) {
    amount = roundCents((subtotal * discount.percentage) / 100);
    if (discount.maxRedeemableCents != null) amount = Math.min(amount, discount.maxRedeemableCents);
  } else {
    amount = discount.amountCents ?? 0;
  }
  return Math.min(Math.max(amount, 0), subtotal);
}

export function recalculate(state: CartState): CartState {
  const subtotal = subtotalCents(state.cartItems);
  const discount = discountCents(subtotal, state.activeDiscount);
  return { ...state, subtotalCents: subtotal, discountCents: discount, totalCents: subtotal - discount };
}

export function createCartState(
  init: Partial<Pick<CartState, "currencySymbol" | "cartItems" | "activeDiscount" | "shouldShowCart">> = {},
): CartState {
  return recalculate({
    currencySymbol: init.currencySymbol ?? "$",
    cartItems: init.cartItems ?? [],
    shouldShowCart: init.shouldShowCart ?? false,
    activeDiscount: init.activeDiscount ?? null,
    subtotalCents: 0,
    discountCents: 0,
    totalCents: 0,
  });
}

function isValidQuantity(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= MIN_QUANTITY && quantity <= MAX_QUANTITY;
}

/** Whether the reducer would take this add, and if not why, so a page can explain what the reducer ignores. */
export function canAddLine(state: CartState, item: ProductLine | NewBundleLine): AddCheck {
  if (item.kind === "product" && !isValidQuantity(item.quantity)) return "invalid_quantity";
  const key = lineKey(item);
  const existing = state.cartItems.find((line) => lineKey(line) === key);
  if (existing) {
    const allowed =
      item.kind === "product" ? existing.quantity + item.quantity < LINE_ADD_CAP : existing.quantity < LINE_ADD_CAP;
    return allowed ? "ok" : "line_cap";
  }
  return state.cartItems.length < MAX_DISTINCT_LINES ? "ok" : "cart_full";
}

function addLine(state: CartState, item: ProductLine | NewBundleLine): CartState {
  if (canAddLine(state, item) !== "ok") return state;
  const added = item.kind === "product" ? item.quantity : 1;
  const key = lineKey(item);
  const index = state.cartItems.findIndex((line) => lineKey(line) === key);
  const cartItems =
    index >= 0
      ? state.cartItems.map((line, i) => (i === index ? { ...line, quantity: line.quantity + added } : line))
      : [...state.cartItems, newLine(item)];
  return changed(state, cartItems);
}

function newLine(item: ProductLine | NewBundleLine): CartLine {
  return item.kind === "bundle" ? { ...item, quantity: 1 } : item;
}

/** After an add, a quantity change or a removal the totals follow and the drawer opens (docs/product.md, States). */
function changed(state: CartState, cartItems: CartLine[]): CartState {
  return recalculate({ ...state, cartItems, shouldShowCart: true });
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case "addProduct":
    case "addBundle":
      return addLine(state, action.item);
    case "updateQuantity": {
      // A value outside 1..99 lands on the nearest bound (removal is its own action); a fraction is refused.
      if (!Number.isInteger(action.quantity)) return state;
      const index = state.cartItems.findIndex((line) => lineKey(line) === action.key);
      if (index < 0) return state;
      const quantity = Math.min(Math.max(action.quantity, MIN_QUANTITY), MAX_QUANTITY);
      return changed(
        state,
        state.cartItems.map((line, i) => (i === index ? { ...line, quantity } : line)),
      );
    }
    case "remove": {
      const cartItems = state.cartItems.filter((line) => lineKey(line) !== action.key);
      return cartItems.length === state.cartItems.length ? state : changed(state, cartItems);
    }
    case "clear":
      return recalculate({ ...state, cartItems: [], shouldShowCart: false, activeDiscount: null });
    case "replaceItems":
      return recalculate({ ...state, cartItems: action.items });
    case "setDiscount":
      return recalculate({ ...state, activeDiscount: action.discount });
    case "clearDiscount":
      return recalculate({ ...state, activeDiscount: null });
    case "showCart":
      return { ...state, shouldShowCart: true };
    case "hideCart":
      return { ...state, shouldShowCart: false };
  }
}

/** Units of each variant one unit of a line takes: its sku, or the bundle's chosen variants. */
export function unitsPerLine(line: CartLine | NewBundleLine): Record<string, number> {
  if (line.kind === "product") return { [line.sku]: 1 };
  const units: Record<string, number> = {};
  for (const content of line.contents) units[content.sku] = (units[content.sku] ?? 0) + content.quantity;
  return units;
}

/**
 * Units of a variant the cart already holds, on its own lines (one-time or subscribed) and inside bundles: what an
 * add must leave room for within the variant's stock.
 */
export function unitsInCart(items: readonly CartLine[], sku: string): number {
  return items.reduce((units, line) => units + (unitsPerLine(line)[sku] ?? 0) * line.quantity, 0);
}

/** Units in stock of each variant, by sku; a variant missing from it is not known yet, so not limited. */
export type StockBySku = Readonly<Record<string, number>>;

/** The stored cart as the server priced it, for the shopper: what the cart service answers, in core's shapes. */
export type PricedCartView = {
  lines: CartLine[];
  /** The stored code's discount while it is still valid, else null. */
  discount: Discount | null;
  /** Why the cart differs from what was saved (a product gone, a price changed), for the shopper to read. */
  notices: string[];
  /** Units in stock now of every variant the cart holds, bundles' included, so the drawer keeps lines within it. */
  stock: StockBySku;
};

/** Whether adding these units (by sku) would take what the cart holds of any variant past its stock. */
export function exceedsStock(items: readonly CartLine[], adding: Readonly<Record<string, number>>, stock: StockBySku): boolean {
  return Object.entries(adding).some(([sku, units]) => sku in stock && unitsInCart(items, sku) + units > stock[sku]);
}

/**
 * The most of this line the stock allows, beside what the cart's other lines hold of the same variants (a bundle
 * and a line of its dripper share the dripper's stock); Infinity while no variant of it has a known stock.
 */
export function lineStockLimit(items: readonly CartLine[], line: CartLine, stock: StockBySku): number {
  let limit = Infinity;
  for (const [sku, units] of Object.entries(unitsPerLine(line))) {
    if (!(sku in stock) || units <= 0) continue;
    const heldElsewhere = unitsInCart(items, sku) - units * line.quantity;
    limit = Math.min(limit, Math.max(0, Math.floor((stock[sku] - heldElsewhere) / units)));
  }
  return limit;
}

/**
 * A variant as a shopper knows it, for every text they read ('Ceramic Pour-Over Dripper — Sage'): the product and
 * its chosen options, never the sku.
 */
export function variantName(productTitle: string, attributes: Readonly<Record<string, string>>): string {
  const options = Object.values(attributes).filter((value) => value !== "");
  return options.length > 0 ? `${productTitle} — ${options.join(", ")}` : productTitle;
}

/** The navbar badge: units, not lines. */
export function totalQuantity(state: CartState): number {
  return state.cartItems.reduce((sum, line) => sum + line.quantity, 0);
}

/** 'cold-brew-kit' -> 'Cold Brew Kit', for the 'Bundle includes:' lists. */
export function titleCaseHandle(handle: string): string {
  return handle
    .split("-")
    .filter((word) => word !== "")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

export function recurringLabel({ interval, intervalUnit }: Pick<LineSubscription, "interval" | "intervalUnit">): string {
  return `Recurring every ${interval} ${intervalUnit}${interval > 1 ? "s" : ""}`;
}
