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
import { parseWith } from "../http/errors";
import { listSubscribers, SUBSCRIBER_NOT_FOUND, subscribersCsv, unsubscribeSubscriber, type Subscriber } from "../newsletter/subscribers";
import { adminOperation, iso, isoOrNull } from "./admin-operation";
import { BAD_INPUT, errors, json, queryOf, register } from "./operation";

const listSubscribersOperation = adminOperation("customers", {
  method: "get",
  path: "/subscribers",
  tags: ["admin"],
  summary: "Newsletter subscribers, newest first, by part of the address and by status",
  request: { query: subscriberListQuerySchema },
  responses: { 200: json(subscriberPageSchema, "A page of subscribers; next_cursor fetches the next"), ...errors({ 400: BAD_INPUT }) },
});

const exportSubscribers = adminOperation("customers", {
  method: "get",
  path: "/subscribers.csv",
  tags: ["admin"],
  summary: "The filtered list, every page of it, as CSV (email, status, source, subscribed_at, unsubscribed_at)",
  request: { query: subscriberListQuerySchema },
  responses: {
    200: { description: "One row per subscriber, with a header row", content: { "text/csv": { schema: { type: "string" as const } } } },
    ...errors({ 400: BAD_INPUT }),
  },
});

const unsubscribeOperation = adminOperation("customers", {
  method: "post",
  path: "/subscribers/{id}/unsubscribe",
  tags: ["admin"],
  summary: "Take a subscriber off the newsletter, as their own unsubscribe link would; one already off it stays so",
  request: { params: subscriberIdParamsSchema },
  responses: { 200: json(subscriberAnswerSchema, "The subscriber"), ...errors({ 400: BAD_INPUT, 404: SUBSCRIBER_NOT_FOUND }) },
});

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

  register(admin, listSubscribersOperation, async (c) => {
    const page = await listSubscribers(c.var.deps.db, c.var.storeId, queryOf(c, listSubscribersOperation));
    return c.json({ subscribers: page.subscribers.map(subscriberBody), next_cursor: page.nextCursor });
  });

  register(admin, exportSubscribers, async (c) => {
    const { q, status } = queryOf(c, exportSubscribers);
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", 'attachment; filename="subscribers.csv"');
    return c.body(await subscribersCsv(c.var.deps.db, c.var.storeId, { q, status }));
  });

  register(admin, unsubscribeOperation, async (c) => {
    const id = Number(parseWith(subscriberIdParamsSchema, { id: c.req.param("id") }).id);
    return c.json({ subscriber: subscriberBody(await unsubscribeSubscriber(c.var.deps.db, c.var.staffActor, id)) });
  });

  return admin;
}
