/**
 * The customers (permission `customers`): everyone who bought or signed up, one per email (decision 0053), by name,
 * email or tag, as pages or CSV; one with their orders, subscriptions and newsletter status; staff's notes and tags.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { z } from "zod";
import {
  customerAnswerSchema,
  customerKeyParamsSchema,
  customerListQuerySchema,
  customerPageSchema,
  customerProfileSchema,
} from "../../core/schemas/admin-customers";
import { parseWith } from "../../core/errors";
import type { AppEnv } from "../context";
import { CUSTOMER_NOT_FOUND, customersCsv, getDeskCustomer, listDeskCustomers, saveCustomerProfile, type CustomerDetail, type CustomerSummary } from "../customers/desk";
import { adminOperation, csvList, iso, isoOrNull, pageAnswer, pagedList, resourceOperations } from "./admin-operation";
import { bodyOf, csvDownload, json, jsonBody, queryOf, register } from "./operation";

const listCustomers = adminOperation("customers", {
  ...pagedList("/customers", customerListQuerySchema, customerPageSchema, "customers"),
  summary: "Every customer, accounts and guests, newest activity first, by part of the name or email or a tag, with their orders' count and what they spent",
});

const exportCustomers = adminOperation("customers", {
  ...csvList("/customers.csv", customerListQuerySchema, "customer"),
  summary: "The searched list, every page of it, as CSV (email, name, account, orders, total_spent, first_order_at, last_order_at, tags)",
});

const customer = resourceOperations("customers", {
  path: "/customers/{id}",
  params: customerKeyParamsSchema,
  notFound: CUSTOMER_NOT_FOUND,
  answer: json(customerAnswerSchema, "The customer"),
});

const saveProfile = customer.put({
  path: "/profile",
  summary: "Replace staff's notes and tags about a customer; in the audit trail",
  body: jsonBody(customerProfileSchema),
});

const readCustomer = customer.get({
  summary: "A customer, by account id or o and an order number: orders, what they spent (paid less refunded), subscriptions, newsletter status, notes and tags",
});

const keyOf = (c: { req: { param: (name: "id") => string } }) => parseWith(customerKeyParamsSchema, { id: c.req.param("id") }).id;

const summaryBody = (customer: CustomerSummary): z.infer<typeof customerPageSchema>["customers"][number] => ({
  key: customer.key,
  id: customer.accountId,
  email: customer.email,
  name: customer.name,
  account: customer.accountId !== null,
  created_at: iso(customer.since),
  order_count: customer.orderCount,
  total_spent_cents: customer.totalSpentCents,
  first_order_at: isoOrNull(customer.firstOrderAt),
  last_order_at: isoOrNull(customer.lastOrderAt),
  tags: customer.tags,
});

const detailBody = (customer: CustomerDetail): z.infer<typeof customerAnswerSchema> => ({
  customer: {
    ...summaryBody(customer),
    notes: customer.notes,
    newsletter: customer.newsletter,
    orders: customer.orders.map((order) => ({ number: order.number, status: order.status, total_cents: order.totalCents, placed_at: iso(order.placedAt) })),
    subscriptions: customer.subscriptions.map((subscription) => ({ id: subscription.id, status: subscription.status, started_at: iso(subscription.startedAt) })),
  },
});

export function adminCustomersRoutes() {
  const admin = new OpenAPIHono<AppEnv>();

  register(admin, listCustomers, pageAnswer(listCustomers, "customers", listDeskCustomers, summaryBody));

  register(admin, exportCustomers, async (c) => {
    const { q } = queryOf(c, exportCustomers);
    return csvDownload(c, "customers.csv", customersCsv(c.var.deps.db, c.var.deps.storeId, { q }));
  });

  register(admin, readCustomer, async (c) => c.json(detailBody(await getDeskCustomer(c.var.deps.db, c.var.deps.storeId, keyOf(c)))));

  register(admin, saveProfile, async (c) => {
    const key = keyOf(c);
    return c.json(detailBody(await saveCustomerProfile(c.var.deps.db, c.var.staffActor, key, await bodyOf(c, saveProfile))));
  });

  return admin;
}
