/** The shopper's order lookup over HTTP: an order's status and tracking link from its number and email. */
import { orderLookupRequestSchema, orderLookupResponseSchema } from "../../core/schemas/order-lookup";
import { clientIp } from "../http/client-ip";
import { lookUpOrder } from "../orders/lookup";
import { BAD_INPUT, bodyOf, errors, json, jsonBody, oneOperationRoutes, operation, RATE_LIMITED } from "./operation";

const lookup = operation({
  method: "post",
  path: "/orders/lookup",
  tags: ["orders"],
  summary: "An order's status and tracking link, from its number and the email it was placed with",
  request: { body: jsonBody(orderLookupRequestSchema) },
  responses: {
    200: json(orderLookupResponseSchema, "The order's status"),
    ...errors({ 400: BAD_INPUT, 404: "No order has that number and email (alike for an unknown number)", 429: RATE_LIMITED }),
  },
});

export function orderRoutes() {
  return oneOperationRoutes(lookup, async (c) => {
    const body = await bodyOf(c, lookup);
    return c.json(await lookUpOrder(c.var.deps, clientIp(c), c.var.deps.storeId, body));
  });
}
