export { restoreRemindedCart } from "../../server/checkout/cart-reminders";
export { cartIdForRequest } from "../../server/cart/store";
export { HttpError } from "../../server/http/errors";
