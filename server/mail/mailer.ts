/**
 * Sends the shop's email. Every message is kept in the outbox table (the shop's record, and the mailbox shown at
 * /dev/mailbox); with SMTP_URL set it is also delivered over SMTP.
 */
import { and, asc, eq, inArray, isNull, lte } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Database } from "../db/client";
import { mailAttachments, mailOutbox } from "../db/schema";
import { logger } from "../logger";

export type OutgoingMail = {
  storeId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the message is for (order-confirmation, password-reset, ...), so tests and the owner can find it. */
  kind: string;
  /** Where the recipient's answer should go when not to the shop (a contact message's sender). */
  replyTo?: string;
  /** Extra SMTP headers, such as List-Unsubscribe on newsletter mail; kept with the message for its retries. */
  headers?: Record<string, string>;
  /** The order the message is about, so the order's timeline lists it. */
  orderId?: number;
  /** Files it carries (an order's invoice), kept with it for every try. */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; contentType: string; content: Buffer };

/**
 * Waits before the second, third, fourth and fifth try of a message the SMTP server did not take; a message still
 * refused after the fifth try is marked failed with the server's reason, for the owner to see in the outbox.
 */
export const MAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_MS.length + 1;
/** A claimed message is not picked again for this long: another instance retries it only if this one died. */
const CLAIM_MS = 5 * 60_000;
const RETRY_BATCH = 20;

export type Mailer = {
  /** Records the message and, with SMTP configured, delivers it. Never throws for a delivery failure. */
  send(mail: OutgoingMail): Promise<{ id: number; delivered: boolean }>;
  /** Tries again the messages whose next try is due at `now`; answers how many were delivered this time. */
  retryDue(now?: Date): Promise<{ tried: number; delivered: number }>;
  close(): void;
};

type OutboxRow = typeof mailOutbox.$inferSelect;

/** A 5xx answer is the server's final word (no such mailbox, refused sender); trying again would not change it. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

export function createMailer(db: Database, options: { smtpUrl?: string; from: string }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;

  async function attempt(row: OutboxRow, now: Date): Promise<boolean> {
    const attempts = row.attempts + 1;
    try {
      const attachments = await db
        .select({ filename: mailAttachments.filename, contentType: mailAttachments.contentType, content: mailAttachments.content })
        .from(mailAttachments)
        .where(eq(mailAttachments.mailId, row.id))
        .orderBy(asc(mailAttachments.id));
      await transport!.sendMail({
        from: options.from,
        to: row.to,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers ?? undefined,
        attachments,
      });
      await db
        .update(mailOutbox)
        .set({ sentAt: new Date(), attempts, nextAttemptAt: null, lastError: null })
        .where(eq(mailOutbox.id, row.id));
      return true;
    } catch (error) {
      const gaveUp = isPermanent(error) || attempts >= MAIL_MAX_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: reasonOf(error),
          nextAttemptAt: gaveUp ? null : new Date(now.getTime() + MAIL_RETRY_DELAYS_MS[attempts - 1]),
          failedAt: gaveUp ? now : null,
        })
        .where(eq(mailOutbox.id, row.id));
      logger.error({ err: error, mailId: row.id, kind: row.kind, attempts, gaveUp }, "mail delivery failed");
      return false;
    }
  }

  return {
    async send(mail) {
      // The message and its files are recorded together: a retry never finds one without the other.
      const row = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(mailOutbox)
          .values({
            storeId: mail.storeId,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            kind: mail.kind,
            replyTo: mail.replyTo,
            headers: mail.headers,
            orderId: mail.orderId,
          })
          .returning();
        const files = mail.attachments ?? [];
        if (files.length > 0) await tx.insert(mailAttachments).values(files.map((file) => ({ mailId: row.id, ...file })));
        return row;
      });
      if (!transport) return { id: row.id, delivered: false };
      return { id: row.id, delivered: await attempt(row, new Date()) };
    },

    async retryDue(now = new Date()) {
      if (!transport) return { tried: 0, delivered: 0 };
      // Claiming pushes the next try past the lease, so instances running this at once never send a message twice.
      const due = db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt), lte(mailOutbox.nextAttemptAt, now)))
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(RETRY_BATCH)
        .for("update", { skipLocked: true });
      const claimed = await db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
        .where(inArray(mailOutbox.id, due))
        .returning();
      let delivered = 0;
      for (const row of claimed) if (await attempt(row, now)) delivered++;
      return { tried: claimed.length, delivered };
    },

    close() {
      transport?.close();
    },
  };
}

/** Escapes text for the HTML part of a message. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** One simple, readable layout for every message the shop sends. */
export function layoutHtml(shopName: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1c1c1c;max-width:600px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(shopName)}</h1>${bodyHtml}
<p style="color:#555;font-size:12px;margin-top:32px">${escapeHtml(shopName)}</p></body></html>`;
}
