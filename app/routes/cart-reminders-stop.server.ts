export { stopReminders } from "../../server/checkout/cart-reminders";
export { HttpError } from "../../server/http/errors";
