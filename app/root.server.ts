export { currentCustomer } from "../server/accounts/session";
export { loadCartForRequest } from "../server/cart/store";
export { cachedStoreSettings } from "../server/catalog/cached-reads";
export { savedProductHandles, wishlistOwnerOf } from "../server/wishlist/wishlist";
export { themePreviewFor } from "../server/looks/theme-draft";
