/**
 * Sends the shop's email. Every message is kept in the outbox table (the shop's record, and the mailbox shown at
 * /dev/mailbox); with SMTP_URL set it is also delivered over SMTP.
 */
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";
import { logger } from "../logger";

export type OutgoingMail = {
  storeId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the message is for (order-confirmation, password-reset, ...), so tests and the owner can find it. */
  kind: string;
  /** Extra SMTP headers, such as List-Unsubscribe on newsletter mail. */
  headers?: Record<string, string>;
};

export type Mailer = {
  /** Records the message and, with SMTP configured, delivers it. Never throws for a delivery failure. */
  send(mail: OutgoingMail): Promise<{ id: number; delivered: boolean }>;
  close(): void;
};

export function createMailer(db: Database, options: { smtpUrl?: string; from: string }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          storeId: mail.storeId,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          kind: mail.kind,
        })
        .returning({ id: mailOutbox.id });
      if (!transport) return { id: row.id, delivered: false };
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
        });
        await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
        return { id: row.id, delivered: true };
      } catch (error) {
        // The message stays in the outbox unsent; the shop owner sees it there.
        logger.error({ err: error, mailId: row.id, kind: mail.kind }, "mail delivery failed");
        return { id: row.id, delivered: false };
      }
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
