/**
 * The cart's shapes on the wire (docs/api.md, Cart service; Discounts): dollars and snake_case, as the API's contract
 * has them. Core works on cents lines (cart.ts); this is the one place either becomes the other, for the server's
 * answers and the browser's requests alike (a line as a checkout call names it is checkout-item.ts's).
 */
import type { CartLine, Discount, LineRequest, PricedCartView } from "./cart";
import { centsToDollars, toCents } from "./money";
import type { CartLineInput, CartResponse } from "./schemas/cart";

export type ApiSubscription = {
  subscription_id: string;
  /** Dollars. */
  subscription_price: number;
  subscription_interval: number;
  subscription_interval_unit: string;
};

export type ApiProductCartItem = {
  kind: "product";
  title: string;
  handle: string;
  quantity: number;
  sku: string;
  /** Dollars. On a subscribed line this is the subscription price. */
  product_price: number;
  image_urls: string[];
  product_attributes: Record<string, string>;
  subscription?: ApiSubscription;
};

export type ApiBundleContent = {
  handle: string;
  sku: string;
  quantity: number;
  product_attributes: Record<string, string>;
};

export type ApiBundleCartItem = {
  kind: "bundle";
  bundle_id: number;
  title: string;
  /** Dollars as a numeric string, as the spec's bundle shape has it. */
  price: string;
  quantity: number;
  bundle_image_urls: string[];
  handles: string[];
  selected_variants: Record<string, string>;
  sku_to_quantity: Record<string, number>;
  contents: ApiBundleContent[];
};

export type ApiCartItem = ApiProductCartItem | ApiBundleCartItem;

export type ApiDiscount = {
  code: string;
  /** Whole percent; when null the fixed discount_amount applies. */
  discount_percentage: number | null;
  /** Dollars. */
  max_redeemable_amount: number | null;
  /** Dollars. */
  discount_amount: number | null;
  max_redemptions: number;
  free_shipping: boolean;
  /** Dollars of goods the code needs before it takes anything off; absent or null: any amount. */
  minimum_subtotal?: number | null;
};

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));
const centsOrNull = (dollars: number | null | undefined) => (dollars == null ? null : toCents(dollars));

export function toApiCartItem(line: CartLine): ApiCartItem {
  if (line.kind === "bundle") {
    const skuToQuantity: Record<string, number> = {};
    for (const content of line.contents) skuToQuantity[content.sku] = (skuToQuantity[content.sku] ?? 0) + content.quantity;
    return {
      kind: "bundle",
      bundle_id: line.bundleId,
      title: line.title,
      price: (line.unitCents / 100).toFixed(2),
      quantity: line.quantity,
      bundle_image_urls: line.imageUrls,
      handles: line.handles,
      selected_variants: line.selectedVariants,
      sku_to_quantity: skuToQuantity,
      contents: line.contents.map(({ attributes, ...content }) => ({ ...content, product_attributes: attributes })),
    };
  }
  const { subscription } = line;
  return {
    kind: "product",
    title: line.title,
    handle: line.handle,
    quantity: line.quantity,
    sku: line.sku,
    product_price: centsToDollars(line.unitCents),
    image_urls: line.imageUrls,
    product_attributes: line.attributes,
    ...(subscription
      ? {
          subscription: {
            subscription_id: subscription.id,
            subscription_price: centsToDollars(subscription.priceCents),
            subscription_interval: subscription.interval,
            subscription_interval_unit: subscription.intervalUnit,
          },
        }
      : {}),
  };
}

export function fromApiCartItem(item: ApiCartItem): CartLine {
  if (item.kind === "bundle") {
    return {
      kind: "bundle",
      bundleId: item.bundle_id,
      selectedVariants: item.selected_variants,
      title: item.title,
      quantity: item.quantity,
      unitCents: toCents(item.price),
      imageUrls: item.bundle_image_urls,
      handles: item.handles,
      contents: item.contents.map(({ product_attributes, ...content }) => ({ ...content, attributes: product_attributes })),
    };
  }
  const { subscription } = item;
  return {
    kind: "product",
    sku: item.sku,
    subscription: subscription
      ? {
          id: subscription.subscription_id,
          priceCents: toCents(subscription.subscription_price),
          interval: subscription.subscription_interval,
          intervalUnit: subscription.subscription_interval_unit,
        }
      : null,
    handle: item.handle,
    title: item.title,
    quantity: item.quantity,
    unitCents: toCents(item.product_price),
    imageUrls: item.image_urls,
    attributes: item.product_attributes,
  };
}

/** A line of a save request: only what identifies it and its quantity are read (the server prices it anew). */
export function lineRequestOf(input: CartLineInput): LineRequest {
  return input.kind === "bundle"
    ? { kind: "bundle", bundleId: input.bundle_id, selectedVariants: input.selected_variants, quantity: input.quantity }
    : {
        kind: "product",
        sku: input.sku,
        subscription: input.subscription ? { id: input.subscription.subscription_id } : null,
        quantity: input.quantity,
      };
}

export function toApiDiscount(discount: Discount): ApiDiscount {
  return {
    code: discount.code,
    discount_percentage: discount.percentage,
    max_redeemable_amount: dollarsOrNull(discount.maxRedeemableCents),
    discount_amount: dollarsOrNull(discount.amountCents),
    max_redemptions: discount.maxRedemptions,
    free_shipping: discount.freeShipping,
    // Only a code with a minimum carries it, so every other code keeps the spec's shape.
    ...(discount.minimumSubtotalCents != null ? { minimum_subtotal: centsToDollars(discount.minimumSubtotalCents) } : {}),
  };
}

export function fromApiDiscount(discount: ApiDiscount): Discount {
  return {
    code: discount.code,
    percentage: discount.discount_percentage ?? null,
    maxRedeemableCents: centsOrNull(discount.max_redeemable_amount),
    amountCents: centsOrNull(discount.discount_amount),
    maxRedemptions: discount.max_redemptions,
    freeShipping: discount.free_shipping,
    ...(discount.minimum_subtotal != null ? { minimumSubtotalCents: toCents(discount.minimum_subtotal) } : {}),
  };
}

export function toApiCart(cart: PricedCartView): CartResponse {
  return {
    cartItems: cart.lines.map(toApiCartItem),
    discount: cart.discount && toApiDiscount(cart.discount),
    notices: cart.notices,
    stock: cart.stock,
  };
}

export function fromApiCart(response: CartResponse): PricedCartView {
  return {
    lines: response.cartItems.map(fromApiCartItem),
    discount: response.discount && fromApiDiscount(response.discount),
    notices: response.notices,
    stock: response.stock,
  };
}
