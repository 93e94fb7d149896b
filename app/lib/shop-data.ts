import type { PricedCartView } from "@core/cart";
import type { StoreSettings } from "@core/schemas/store-settings";

/** What the root route's loader gives every page: the store's settings and the visitor's cart and sign-in state. */
export type ShopData = {
  settings: StoreSettings;
  /** The settings carry the unpublished theme draft: a signed-in staff member is previewing it. */
  themePreview: boolean;
  storeId: string;
  year: number;
  cart: PricedCartView;
  isLoggedIn: boolean;
  /** The handles of the products the visitor saved, so every heart on the page shows whether its product is saved. */
  wishlist: string[];
};
