export { CheckoutPaidError } from "../../server/checkout/refusals";
export { getCheckoutSession } from "../../server/checkout/checkout";
export { cartIdForRequest } from "../../server/cart/store";
export { HttpError } from "../../server/http/errors";
