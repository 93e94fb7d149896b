export { stopReminders } from "../../server/checkout/cart-reminders";
export { statusOf } from "../../server/http/errors";
