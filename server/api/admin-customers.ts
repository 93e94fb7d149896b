/** The customers (permission `customers`): the accounts by email or name, and one with its orders and newsletter status. */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { z } from "zod";
import { customerAnswerSchema, customerIdParamsSchema, customerListQuerySchema, customerPageSchema } from "../../core/schemas/admin-orders";
import type { AppEnv } from "../context";
import { getDeskCustomer, listDeskCustomers, type CustomerSummary } from "../customers/desk";
import { parseWith } from "../http/errors";
import { adminOperation, iso } from "./admin-operation";
import { BAD_INPUT, errors, json, queryOf, register } from "./operation";

const listCustomers = adminOperation("customers", {
  method: "get",
  path: "/customers",
  tags: ["admin"],
  summary: "Customer accounts, newest first, by email or name, with their orders' count and what they spent",
  request: { query: customerListQuerySchema },
  responses: { 200: json(customerPageSchema, "A page of customers; next_cursor fetches the next"), ...errors({ 400: BAD_INPUT }) },
});

const readCustomer = adminOperation("customers", {
  method: "get",
  path: "/customers/{id}",
  tags: ["admin"],
  summary: "A customer account: its orders, what it spent (paid less refunded) and its newsletter status",
  request: { params: customerIdParamsSchema },
  responses: { 200: json(customerAnswerSchema, "The customer"), ...errors({ 400: BAD_INPUT, 404: "No such customer in this store" }) },
});

const summaryBody = (customer: CustomerSummary): z.infer<typeof customerPageSchema>["customers"][number] => ({
  id: customer.id,
  email: customer.email,
  first_name: customer.firstName,
  last_name: customer.lastName,
  created_at: iso(customer.createdAt),
  order_count: customer.orderCount,
  total_spent_cents: customer.totalSpentCents,
});

export function adminCustomersRoutes() {
  const admin = new OpenAPIHono<AppEnv>();

  register(admin, listCustomers, async (c) => {
    const page = await listDeskCustomers(c.var.deps.db, c.var.storeId, queryOf(c, listCustomers));
    return c.json({ customers: page.customers.map(summaryBody), next_cursor: page.nextCursor });
  });

  register(admin, readCustomer, async (c) => {
    const id = Number(parseWith(customerIdParamsSchema, { id: c.req.param("id") }).id);
    const customer = await getDeskCustomer(c.var.deps.db, c.var.storeId, id);
    return c.json({
      customer: {
        ...summaryBody(customer),
        newsletter: customer.newsletter,
        orders: customer.orders.map((order) => ({
          number: order.number,
          status: order.status,
          total_cents: order.totalCents,
          placed_at: order.placedAt,
        })),
      },
    });
  });

  return admin;
}
