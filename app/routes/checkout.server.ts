export { CheckoutPaidError } from "../../server/checkout/refusals";
export { getCheckoutSession } from "../../server/checkout/checkout";
export { cartIdForRequest } from "../../server/cart/store";
export { isAnswerable } from "../../server/http/errors";
