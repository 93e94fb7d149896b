/**
 * The inbox of contact messages (permission `customers`): list by status, read one, open it (a new one becomes
 * read), reply (mailed to the sender from the shop and kept on the message), mark as spam or back. Each is the
 * server/content/contact-inbox.ts function the admin screens call, with the staff actor for the audit trail.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
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
import { adminOperation, iso, pageAnswer, pagedList, resourceOperations } from "./admin-operation";
import { bodyOf, json, jsonBody, numberParam, register } from "./operation";

const listMessages = adminOperation("customers", {
  ...pagedList("/messages", messageListQuerySchema, messagePageSchema, "messages"),
  summary: "Contact messages, newest first, by status (new, read, answered, spam); without one, all but spam",
});

const onMessage = resourceOperations("customers", {
  path: "/messages/{id}",
  params: messageIdParamsSchema,
  notFound: MESSAGE_NOT_FOUND,
  answer: json(messageAnswerSchema, "The message"),
});

const readMessage = onMessage.get({ summary: "A message with the replies sent to it, as it stands (reading it here does not mark it read)" });

const openMessage = onMessage.post({
  path: "/read",
  summary: "Open a message, as the inbox screen does: a new message becomes read; any other keeps its status",
});

const replyToMessage = onMessage.post({
  path: "/replies",
  summary: "Reply to the sender: mailed from the shop (Reply-To the shop's contact address), kept on the message, which becomes answered",
  body: jsonBody(messageReplySchema),
  answers: { 201: json(messageAnswerSchema, "The message with its replies, the new one last") },
  refusals: { 409: SPAM_REPLY_REFUSED },
});

const markSpam = onMessage.post({
  path: "/spam",
  summary: "Mark a message as spam (it leaves the inbox), or not (it comes back answered if it has replies, read otherwise)",
  body: jsonBody(messageSpamSchema),
});

const idOf = numberParam(messageIdParamsSchema, "id");

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

  register(
    admin,
    listMessages,
    pageAnswer(listMessages, "messages", listContactMessages, (message) => ({
      id: message.id,
      name: message.name,
      email: message.email,
      preview: message.preview,
      status: message.status,
      received_at: iso(message.createdAt),
    })),
  );

  register(admin, readMessage, async (c) => c.json(messageBody(await getContactMessage(c.var.deps.db, c.var.deps.storeId, idOf(c)))));

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
