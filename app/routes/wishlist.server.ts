export { currentCustomer } from "../../server/accounts/session";
export { formFailure, formValues } from "../../server/accounts/forms";
export {
  priceDropAlertsOf,
  removeFromWishlist,
  saveToWishlist,
  setPriceDropAlerts,
  wishlistOwnerForSave,
  wishlistOwnerOf,
  wishlistProducts,
} from "../../server/wishlist/wishlist";
