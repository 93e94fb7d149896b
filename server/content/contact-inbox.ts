/**
 * The back office's inbox of contact messages (permission `customers`): new, read, answered or spam. Opening a new
 * message marks it read; a reply is mailed to the sender from the shop and kept on the message with who wrote it.
 * Every change of a message is in the audit trail.
 */
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { REPLY_MAX, type ContactMessageStatus } from "../../core/inbox-rules";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { contactMessages, contactReplies } from "../db/schema";
import { escapeHtml, layoutHtml } from "../mail/mailer";
import { newestFirstPage } from "../db/listing";
import { recordAudit, type AuditActor } from "../audit/audit";
import { getStoreSettings, shopContactAddress } from "../store/settings";
import { badInput, conflict, notFound } from "../../core/errors";


export const MESSAGES_PAGE_SIZE = 50;
export const MESSAGE_NOT_FOUND = "No such message in this store";
export const SPAM_REPLY_REFUSED = "This message is marked as spam: move it back to the inbox before replying";

export type ContactMessageSummary = {
  id: number;
  name: string;
  email: string;
  /** The message's start, for the list. */
  preview: string;
  status: ContactMessageStatus;
  createdAt: Date;
};

export type ContactReply = { id: number; authorLabel: string; body: string; createdAt: Date };

export type ContactMessageDetail = Omit<ContactMessageSummary, "preview"> & { phone: string; message: string; replies: ContactReply[] };

const PREVIEW_LENGTH = 120;

/**
 * Newest first, a page at a time (the cursor is the last id seen). Without a status the inbox is every message
 * but spam, which is only listed when asked for.
 */
export async function listContactMessages(
  db: Database,
  storeId: string,
  filter: { status?: ContactMessageStatus; cursor?: string; limit?: number } = {},
): Promise<{ messages: ContactMessageSummary[]; nextCursor: string | null }> {
  const { page, nextCursor } = await newestFirstPage(filter, MESSAGES_PAGE_SIZE, contactMessages.id, (olderThanCursor, count) =>
    db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        preview: sql<string>`left(${contactMessages.message}, ${PREVIEW_LENGTH})`,
        status: contactMessages.status,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(
        and(
          eq(contactMessages.storeId, storeId),
          filter.status ? eq(contactMessages.status, filter.status) : ne(contactMessages.status, "spam"),
          olderThanCursor,
        ),
      )
      .orderBy(desc(contactMessages.id))
      .limit(count),
  );
  return { messages: page, nextCursor };
}

type Queryable = Pick<Database, "select">;

async function detailOf(db: Queryable, storeId: string, id: number, lock = false): Promise<ContactMessageDetail> {
  const query = db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      message: contactMessages.message,
      status: contactMessages.status,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(and(eq(contactMessages.storeId, storeId), eq(contactMessages.id, id)));
  const [row] = await (lock ? query.for("update") : query);
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  const replies = await db
    .select({ id: contactReplies.id, authorLabel: contactReplies.authorLabel, body: contactReplies.body, createdAt: contactReplies.createdAt })
    .from(contactReplies)
    .where(eq(contactReplies.messageId, id))
    .orderBy(asc(contactReplies.id));
  return { ...row, replies };
}

/** A message as it stands, without marking it read (the API's plain read, and the page after a change). */
export const getContactMessage = (db: Database, storeId: string, id: number) => detailOf(db, storeId, id);

async function setStatus(tx: Database, actor: AuditActor, message: ContactMessageDetail, status: ContactMessageStatus, action: string) {
  if (message.status === status) return message;
  await tx.update(contactMessages).set({ status }).where(eq(contactMessages.id, message.id));
  await recordAudit(tx, actor, { action, entity: "contact-message", entityId: message.id, before: { status: message.status }, after: { status } });
  return { ...message, status };
}

/** Opens a message: a new one becomes read (in the audit trail); any other keeps its status. */
export async function openContactMessage(db: Database, actor: AuditActor, id: number): Promise<ContactMessageDetail> {
  return db.transaction(async (tx) => {
    const message = await detailOf(tx, actor.storeId, id, true);
    return message.status === "new" ? setStatus(tx, actor, message, "read", "contact-message.read") : message;
  });
}

/**
 * Spam leaves the inbox; taken out of spam, a message is answered when it has replies and read otherwise (someone
 * looked at it to decide).
 */
export async function markContactMessageSpam(db: Database, actor: AuditActor, id: number, spam: boolean): Promise<ContactMessageDetail> {
  return db.transaction(async (tx) => {
    const message = await detailOf(tx, actor.storeId, id, true);
    if (spam) return setStatus(tx, actor, message, "spam", "contact-message.spam");
    if (message.status !== "spam") return message;
    return setStatus(tx, actor, message, message.replies.length > 0 ? "answered" : "read", "contact-message.not-spam");
  });
}

/**
 * Mails the reply to the message's sender, from the shop (MAIL_FROM) with the shop's contact address to answer to, then
 * records it on the message, which becomes answered. The mail goes first: should the record then fail, the owner sees
 * an error while the customer has their answer, rather than a message marked answered that never reached anyone.
 */
export async function replyToContactMessage(
  deps: Pick<AppDeps, "db" | "mailer" | "config">,
  actor: AuditActor,
  id: number,
  text: string,
): Promise<ContactMessageDetail> {
  const body = text.trim();
  if (body === "") throw badInput("Write the reply", "body");
  if (body.length > REPLY_MAX) throw badInput(`must be at most ${REPLY_MAX} characters`, "body");
  const message = await detailOf(deps.db, actor.storeId, id);
  if (message.status === "spam") throw conflict(SPAM_REPLY_REFUSED);

  const settings = await getStoreSettings(deps.db, actor.storeId);
  const { websiteTitle } = settings;
  const quoted = message.message
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  const mail = await deps.mailer.send({
    storeId: actor.storeId,
    to: message.email,
    replyTo: shopContactAddress(settings, deps.config),
    subject: `Re: your message to ${websiteTitle}`,
    text: `${body}\n\n${message.name || message.email} wrote:\n${quoted}`,
    html: layoutHtml(
      websiteTitle,
      `<p style="white-space:pre-wrap">${escapeHtml(body)}</p>` +
        `<p style="color:#555">${escapeHtml(message.name || message.email)} wrote:</p>` +
        `<blockquote style="white-space:pre-wrap;color:#555;border-left:3px solid #ccc;margin:0;padding-left:12px">${escapeHtml(message.message)}</blockquote>`,
    ),
    kind: "contact-reply",
  });

  return deps.db.transaction(async (tx) => {
    const locked = await detailOf(tx, actor.storeId, id, true);
    const [reply] = await tx
      .insert(contactReplies)
      .values({ storeId: actor.storeId, messageId: id, authorLabel: actor.label, body, mailId: mail.id })
      .returning({ id: contactReplies.id, authorLabel: contactReplies.authorLabel, body: contactReplies.body, createdAt: contactReplies.createdAt });
    if (locked.status !== "answered") await tx.update(contactMessages).set({ status: "answered" }).where(eq(contactMessages.id, id));
    await recordAudit(tx, actor, {
      action: "contact-message.reply",
      entity: "contact-message",
      entityId: id,
      before: { status: locked.status },
      after: { status: "answered", reply: body, to: message.email },
    });
    return { ...locked, status: "answered" as const, replies: [...locked.replies, reply] };
  });
}
