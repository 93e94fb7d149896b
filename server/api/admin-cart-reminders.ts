/**
 * Cart reminders' figures (permission `analytics`, decision 0037): what the owner's report shows, from the same
 * function.
 */
import { cartReminderReportQuerySchema, cartReminderReportSchema } from "../../core/schemas/cart-reminders";
import { cartReminderReport } from "../checkout/cart-reminders";
import { adminOperation } from "./admin-operation";
import { BAD_INPUT, errors, json, oneOperationRoutes, queryOf } from "./operation";

const reportOperation = adminOperation("analytics", {
  method: "get",
  path: "/cart-reminders",
  summary: "Cart reminders sent, carts restored and revenue recovered over the last `days` of the shop's days",
  request: { query: cartReminderReportQuerySchema },
  responses: { 200: json(cartReminderReportSchema, "The figures"), ...errors({ 400: BAD_INPUT }) },
});

export function adminCartRemindersRoutes() {
  return oneOperationRoutes(reportOperation, async (c) => {
    const { days } = queryOf(c, reportOperation);
    return c.json(await cartReminderReport(c.var.deps.db, c.var.deps.storeId, { days }));
  });
}
