/**
 * The inbox of contact messages (permission `customers`): list by status, read one, open it (a new one becomes
 * read), reply (mailed to the sender from the shop and kept on the message), mark as spam or back. Each is the
 * server/content/contact-inbox.ts function the admin screens call, with the staff actor for the audit trail.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z } from "zod";
import {
  messageAnswerSchema,
  messageIdParamsSchema,
  messageListQuerySchema,
  messagePageSchema,
  messageReplySchema,
  messageSpamSchema,
} from "../../core/schemas/admin-messages";
import {
  getContactMessage,
  listContactMessages,
  markContactMessageSpam,
  MESSAGE_NOT_FOUND,
  openContactMessage,
  replyToContactMessage,
  SPAM_REPLY_REFUSED,
  type ContactMessageDetail,
} from "../content/contact-inbox";
import type { AppEnv } from "../context";
import { parseWith } from "../http/errors";
import { adminOperation, iso } from "./admin-operation";
import { BAD_INPUT, bodyOf, errors, json, jsonBody, queryOf, register } from "./operation";

const params = { params: messageIdParamsSchema };

const listMessages = adminOperation("customers", {
  method: "get",
  path: "/messages",
  tags: ["admin"],
  summary: "Contact messages, newest first, by status (new, read, answered, spam); without one, all but spam",
  request: { query: messageListQuerySchema },
  responses: { 200: json(messagePageSchema, "A page of messages; next_cursor fetches the next"), ...errors({ 400: BAD_INPUT }) },
});

const readMessage = adminOperation("customers", {
  method: "get",
  path: "/messages/{id}",
  tags: ["admin"],
  summary: "A message with the replies sent to it, as it stands (reading it here does not mark it read)",
  request: params,
  responses: { 200: json(messageAnswerSchema, "The message"), ...errors({ 400: BAD_INPUT, 404: MESSAGE_NOT_FOUND }) },
});

const openMessage = adminOperation("customers", {
  method: "post",
  path: "/messages/{id}/read",
  tags: ["admin"],
  summary: "Open a message, as the inbox screen does: a new message becomes read; any other keeps its status",
  request: params,
  responses: { 200: json(messageAnswerSchema, "The message"), ...errors({ 400: BAD_INPUT, 404: MESSAGE_NOT_FOUND }) },
});

const replyToMessage = adminOperation("customers", {
  method: "post",
  path: "/messages/{id}/replies",
  tags: ["admin"],
  summary: "Reply to the sender: mailed from the shop (Reply-To the shop's contact address), kept on the message, which becomes answered",
  request: { ...params, body: jsonBody(messageReplySchema) },
  responses: {
    201: json(messageAnswerSchema, "The message with its replies, the new one last"),
    ...errors({ 400: BAD_INPUT, 404: MESSAGE_NOT_FOUND, 409: SPAM_REPLY_REFUSED }),
  },
});

const markSpam = adminOperation("customers", {
  method: "post",
  path: "/messages/{id}/spam",
  tags: ["admin"],
  summary: "Mark a message as spam (it leaves the inbox), or not (it comes back answered if it has replies, read otherwise)",
  request: { ...params, body: jsonBody(messageSpamSchema) },
  responses: { 200: json(messageAnswerSchema, "The message"), ...errors({ 400: BAD_INPUT, 404: MESSAGE_NOT_FOUND }) },
});

const idOf = (c: Context<AppEnv>) => Number(parseWith(messageIdParamsSchema, { id: c.req.param("id") }).id);

const messageBody = (message: ContactMessageDetail): z.infer<typeof messageAnswerSchema> => ({
  message: {
    id: message.id,
    name: message.name,
    email: message.email,
    phone: message.phone,
    message: message.message,
    status: message.status,
    received_at: iso(message.createdAt),
    replies: message.replies.map((reply) => ({ id: reply.id, author: reply.authorLabel, body: reply.body, sent_at: iso(reply.createdAt) })),
  },
});

export function adminMessagesRoutes() {
  const admin = new OpenAPIHono<AppEnv>();

  register(admin, listMessages, async (c) => {
    const page = await listContactMessages(c.var.deps.db, c.var.storeId, queryOf(c, listMessages));
    return c.json({
      messages: page.messages.map((message) => ({
        id: message.id,
        name: message.name,
        email: message.email,
        preview: message.preview,
        status: message.status,
        received_at: iso(message.createdAt),
      })),
      next_cursor: page.nextCursor,
    });
  });

  register(admin, readMessage, async (c) => c.json(messageBody(await getContactMessage(c.var.deps.db, c.var.storeId, idOf(c)))));

  register(admin, openMessage, async (c) => c.json(messageBody(await openContactMessage(c.var.deps.db, c.var.staffActor, idOf(c)))));

  register(admin, replyToMessage, async (c) => {
    const id = idOf(c);
    const { body } = await bodyOf(c, replyToMessage);
    return c.json(messageBody(await replyToContactMessage(c.var.deps, c.var.staffActor, id, body)), 201);
  });

  register(admin, markSpam, async (c) => {
    const id = idOf(c);
    const { spam } = await bodyOf(c, markSpam);
    return c.json(messageBody(await markContactMessageSpam(c.var.deps.db, c.var.staffActor, id, spam)));
  });

  return admin;
}
