import type { AppLoadContext } from "react-router";
import { currentCustomer } from "../../server/accounts/session";
import { priceDropAlertsOf, wishlistOwnerOf, wishlistProducts } from "../../server/wishlist/wishlist";

export { currentCustomer } from "../../server/accounts/session";
export { formFailure, formValues } from "../../server/accounts/forms";
export { removeFromWishlist, saveToWishlist, setPriceDropAlerts, wishlistOwnerForSave } from "../../server/wishlist/wishlist";

/** The wishlist page's loader data: the account's list (or this device's, signed out) and whether price drops are emailed. */
export async function wishlistPage(context: AppLoadContext, request: Request) {
  const customer = await currentCustomer(context, request);
  const owner = wishlistOwnerOf(customer, request);
  const [products, priceEmails] = await Promise.all([
    wishlistProducts(context.db, context.storeId, owner),
    customer ? priceDropAlertsOf(context.db, customer.id) : false,
  ]);
  return { products, signedIn: customer !== null, priceEmails };
}
