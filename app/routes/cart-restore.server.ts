export { restoreRemindedCart } from "../../server/checkout/cart-reminders";
export { cartIdForRequest } from "../../server/cart/store";
export { statusOf } from "../../server/http/errors";
