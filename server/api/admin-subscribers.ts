/**
 * Newsletter subscribers (permission `customers`): the list by address and status, the same list as CSV, and
 * unsubscribing someone the way their own link would (server/newsletter/subscribers.ts), in the audit trail.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { z } from "zod";
import {
  subscriberAnswerSchema,
  subscriberIdParamsSchema,
  subscriberListQuerySchema,
  subscriberPageSchema,
} from "../../core/schemas/admin-subscribers";
import type { AppEnv } from "../context";
import { listSubscribers, SUBSCRIBER_NOT_FOUND, subscribersCsv, unsubscribeSubscriber, type Subscriber } from "../newsletter/subscribers";
import { adminOperation, csvList, iso, isoOrNull, pageAnswer, pagedList, resourceOperations } from "./admin-operation";
import { csvDownload, json, numberParam, queryOf, register } from "./operation";

const listSubscribersOperation = adminOperation("customers", {
  ...pagedList("/subscribers", subscriberListQuerySchema, subscriberPageSchema, "subscribers"),
  summary: "Newsletter subscribers, newest first, by part of the address and by status",
});

const exportSubscribers = adminOperation("customers", {
  ...csvList("/subscribers.csv", subscriberListQuerySchema, "subscriber"),
  summary: "The filtered list, every page of it, as CSV (email, status, source, subscribed_at, unsubscribed_at)",
});

const unsubscribeOperation = resourceOperations("customers", {
  path: "/subscribers/{id}",
  params: subscriberIdParamsSchema,
  notFound: SUBSCRIBER_NOT_FOUND,
  answer: json(subscriberAnswerSchema, "The subscriber"),
}).post({ path: "/unsubscribe", summary: "Take a subscriber off the newsletter, as their own unsubscribe link would; one already off it stays so" });

const idOf = numberParam(subscriberIdParamsSchema, "id");

const subscriberBody = (subscriber: Subscriber): z.infer<typeof subscriberAnswerSchema>["subscriber"] => ({
  id: subscriber.id,
  email: subscriber.email,
  status: subscriber.unsubscribedAt ? "unsubscribed" : "subscribed",
  source: subscriber.source,
  subscribed_at: iso(subscriber.subscribedAt),
  unsubscribed_at: isoOrNull(subscriber.unsubscribedAt),
});

export function adminSubscribersRoutes() {
  const admin = new OpenAPIHono<AppEnv>();

  register(admin, listSubscribersOperation, pageAnswer(listSubscribersOperation, "subscribers", listSubscribers, subscriberBody));

  register(admin, exportSubscribers, async (c) => {
    const { q, status } = queryOf(c, exportSubscribers);
    return csvDownload(c, "subscribers.csv", subscribersCsv(c.var.deps.db, c.var.deps.storeId, { q, status }));
  });

  register(admin, unsubscribeOperation, async (c) => {
    return c.json({ subscriber: subscriberBody(await unsubscribeSubscriber(c.var.deps.db, c.var.staffActor, idOf(c))) });
  });

  return admin;
}
