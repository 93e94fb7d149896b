export { checkoutSessionIdOfPayment, findOrderByPayment } from "../../server/checkout/checkout";
export { cartIdForRequest } from "../../server/cart/store";
export { getOrderByNumber } from "../../server/orders/operations";
export { lineText, withWords } from "../../server/orders/line-words";
