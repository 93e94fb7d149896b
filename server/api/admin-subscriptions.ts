/**
 * The subscriptions desk (permission `orders`, as the orders desk): the list and its CSV, one subscription whole, the
 * figures, the plan of the coming deliveries and its CSV, and skip, pause, resume and cancel on the subscriber's
 * behalf. Each change is the use case the subscriber's own page calls (server/subscriptions/changes.ts), given the staff
 * actor: it writes the audit trail and emails the subscriber. Each answers the subscription as it now is.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z } from "zod";
import {
  deliveryPlanSchema,
  subscriptionAnswerSchema,
  subscriptionFiguresSchema,
  subscriptionIdParamsSchema,
  subscriptionPageSchema,
} from "../../core/schemas/admin-subscriptions";
import { cancelSchema, pauseSchema, subscriptionListQuerySchema } from "../../core/schemas/subscriptions";
import type { AppEnv } from "../context";
import { everyPage } from "../db/listing";
import { csvPages, toCsv } from "../http/csv";
import { cancel, pause, resume, skipNext, type Changer } from "../subscriptions/changes";
import { CANCELLATION_DAYS, deliveryPlan, PLAN_DAYS, listSubscriptions, subscriptionFigures, viewSubscription } from "../subscriptions/desk";
import { adminOperation, csvList, iso, isoOrNull, pageAnswer, pagedList, resourceOperations } from "./admin-operation";
import { bodyOf, csv, csvDownload, json, jsonBody, numberParam, queryOf, register } from "./operation";

const NOT_FOUND = "No subscription with this number in this store";
const CONFLICT = "The subscription's state does not allow it (the message says which it is)";

const listOperation = adminOperation("orders", {
  ...pagedList("/subscriptions", subscriptionListQuerySchema, subscriptionPageSchema, "subscriptions"),
  summary: "Subscriptions, newest first, by status and search (email or name)",
});

const exportOperation = adminOperation("orders", {
  ...csvList("/subscriptions.csv", subscriptionListQuerySchema, "subscription"),
  summary: "The filtered list, every page of it, as CSV",
});

const figuresOperation = adminOperation("orders", {
  method: "get",
  path: "/subscriptions/figures",
  summary: `Subscriptions by status, the active ones' monthly recurring revenue, and the last ${CANCELLATION_DAYS} days' cancellations with their reasons`,
  responses: { 200: json(subscriptionFiguresSchema, "The figures") },
});

const planOperation = adminOperation("orders", {
  method: "get",
  path: "/subscriptions/plan",
  summary: `The coming deliveries: for the next ${PLAN_DAYS} days, per day of the shop's time zone, how many of each variant the renewals will take`,
  responses: { 200: json(deliveryPlanSchema, "The plan, day by day; a day without deliveries is left out") },
});

const planCsvOperation = adminOperation("orders", {
  method: "get",
  path: "/subscriptions/plan.csv",
  summary: "The plan of the coming deliveries as CSV: day (the shop's), sku, product, options, quantity and the time zone its days are in",
  responses: { 200: csv("One row per day and variant, with a header row") },
});

const onSubscription = resourceOperations("orders", {
  path: "/subscriptions/{id}",
  params: subscriptionIdParamsSchema,
  notFound: NOT_FOUND,
  answer: json(subscriptionAnswerSchema, "The subscription"),
});

const readOperation = onSubscription.get({
  summary: "A subscription: items, plan, next delivery priced now, address, card, status, its orders and its timeline",
});

const skipOperation = onSubscription.post({
  path: "/skip",
  summary: "Skip the next delivery of an active subscription; the subscriber is emailed",
  refusals: { 409: CONFLICT },
});

const pauseOperation = onSubscription.post({
  path: "/pause",
  summary: "Pause an active subscription until a day of the shop's time zone (it resumes itself at that day's midnight there) or, without one, until resumed; the subscriber is emailed",
  body: jsonBody(pauseSchema),
  refusals: { 409: CONFLICT },
});

const resumeOperation = onSubscription.post({
  path: "/resume",
  summary: "Resume a paused subscription from its next cycle; the subscriber is emailed",
  refusals: { 409: CONFLICT, 422: "A past due subscription resumes once its card is updated" },
});

const cancelOperation = onSubscription.post({
  path: "/cancel",
  summary: "Cancel a subscription, with the subscriber's reason if given: nothing more is sent or charged; the subscriber is emailed",
  body: jsonBody(cancelSchema),
  refusals: { 409: CONFLICT },
});

const idOf = numberParam(subscriptionIdParamsSchema, "id");
const staff = (c: Context<AppEnv>): Changer => ({ kind: "staff", actor: c.var.staffActor });

/** A change's handler: the use case on the subscription the path names, answered with the subscription as it now is. */
const change = (run: (c: Context<AppEnv>, id: number) => Promise<unknown>) => async (c: Context<AppEnv>) => {
  const id = idOf(c);
  await run(c, id);
  return c.json(await detailBody(c, id));
};

type Listed = Awaited<ReturnType<typeof listSubscriptions>>["subscriptions"][number];

const summaryBody = (row: Listed): z.infer<typeof subscriptionPageSchema>["subscriptions"][number] => ({
  id: row.id,
  status: row.status,
  email: row.email,
  customer_name: row.customerName,
  plan: row.plan,
  items: row.items,
  next_renewal_at: iso(row.nextRenewalAt),
  paused_until: isoOrNull(row.pausedUntil),
});

async function detailBody(c: Context<AppEnv>, id: number): Promise<z.infer<typeof subscriptionAnswerSchema>> {
  const { subscription, plan, items, next, orders, timeline } = await viewSubscription(c.var.deps, c.var.deps.storeId, id);
  const address = subscription.shippingAddress;
  return {
    subscription: {
      id: subscription.id,
      status: subscription.status,
      email: subscription.email,
      customer_name: subscription.customerName,
      customer_id: subscription.customerId,
      plan,
      interval: subscription.interval,
      interval_unit: subscription.intervalUnit,
      next_renewal_at: iso(subscription.nextRenewalAt),
      paused_until: isoOrNull(subscription.pausedUntil),
      created_at: iso(subscription.createdAt),
      cancelled_at: isoOrNull(subscription.cancelledAt),
      cancel_reason: subscription.cancelReason,
      shipping_address: { ...address, line2: address.line2 ?? null },
      shipping_option: subscription.shippingOptionKey,
      card: { brand: subscription.cardBrand, last4: subscription.cardLast4 },
      items: items.map((item) => ({ sku: item.sku, title: item.title, attributes: item.attributes, quantity: item.quantity, unit_price_cents: item.unitCents })),
      next_delivery: next && {
        subtotal_cents: next.subtotalCents,
        discount_cents: next.discountCents,
        shipping_cents: next.shippingCents,
        tax_cents: next.taxCents,
        total_cents: next.totalCents,
      },
      orders: orders.map((order) => ({ number: order.number, status: order.status, total_cents: order.totalCents, paid_at: isoOrNull(order.paidAt) })),
      timeline: timeline.map((entry) => ({ at: iso(entry.at), kind: entry.kind, text: entry.text, actor: entry.actor })),
    },
  };
}

const CSV_PAGE = 500;
const CSV_COLUMNS = ["id", "status", "customer_name", "email", "plan", "items", "next_renewal_at", "paused_until"];
const PLAN_COLUMNS = ["day", "sku", "product", "options", "quantity", "time_zone"];

export function adminSubscriptionsRoutes() {
  const admin = new OpenAPIHono<AppEnv>();

  register(admin, listOperation, pageAnswer(listOperation, "subscriptions", listSubscriptions, summaryBody));

  register(admin, exportOperation, async (c) => {
    const { cursor, ...filter } = queryOf(c, exportOperation);
    const pages = everyPage(cursor, (after) => listSubscriptions(c.var.deps.db, c.var.deps.storeId, { ...filter, cursor: after, limit: CSV_PAGE }));
    return csvDownload(
      c,
      "subscriptions.csv",
      csvPages(CSV_COLUMNS, pages, (page) =>
        page.subscriptions.map((row) => [row.id, row.status, row.customerName, row.email, row.plan, row.items, iso(row.nextRenewalAt), isoOrNull(row.pausedUntil)]),
      ),
    );
  });

  // Before /subscriptions/{id}: figures and plan are not subscription numbers.
  register(admin, figuresOperation, async (c) => {
    const figures = await subscriptionFigures(c.var.deps.db, c.var.deps.storeId);
    return c.json({
      by_status: figures.byStatus,
      monthly_recurring_cents: figures.monthlyRecurringCents,
      cancellations: { days: CANCELLATION_DAYS, ...figures.cancellations },
    });
  });

  register(admin, planOperation, async (c) => {
    const { timeZone, days } = await deliveryPlan(c.var.deps.db, c.var.deps.storeId);
    return c.json({
      time_zone: timeZone,
      days: days.map(({ day, items }) => ({ day, items: items.map((item) => ({ sku: item.sku, product: item.title, options: item.options, quantity: item.quantity })) })),
    });
  });

  register(admin, planCsvOperation, async (c) => {
    const { timeZone, days } = await deliveryPlan(c.var.deps.db, c.var.deps.storeId);
    const rows = days.flatMap(({ day, items }) => items.map((item) => [day, item.sku, item.title, item.options, item.quantity, timeZone]));
    return csvDownload(c, "delivery-plan.csv", toCsv([PLAN_COLUMNS, ...rows]));
  });

  register(admin, readOperation, async (c) => c.json(await detailBody(c, idOf(c))));

  register(admin, skipOperation, change((c, id) => skipNext(c.var.deps, c.var.deps.storeId, id, staff(c))));

  register(admin, pauseOperation, change(async (c, id) => pause(c.var.deps, c.var.deps.storeId, id, staff(c), (await bodyOf(c, pauseOperation)).until)));

  register(admin, resumeOperation, change((c, id) => resume(c.var.deps, c.var.deps.storeId, id, staff(c))));

  register(admin, cancelOperation, change(async (c, id) => cancel(c.var.deps, c.var.deps.storeId, id, staff(c), (await bodyOf(c, cancelOperation)).reason)));

  return admin;
}
