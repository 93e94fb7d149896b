/**
 * Whether the shop's email reaches anyone (issue 37): delivered through the SMTP server SMTP_URL names, or, with none,
 * only kept in the outbox (the back office's /dev/mailbox). The owner sees which, where the shop's own alerts go, the
 * last message a server refused, and can send a test email to see it arrive.
 */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { AppDeps } from "../context";
import { mailOutbox } from "../db/schema";
import { escapeHtml, layoutHtml } from "../mail/mailer";
import { getStoreSettings, shopContactAddress } from "./settings";

export type MailStatus = {
  /** The SMTP server's host (and port), never its credentials; null when mail is only kept in the outbox. */
  server: string | null;
  /** Where new orders, returns and customers' messages are sent. */
  shopAddress: string;
  /** Whether that is the store's own contact email, or the address the shop was started with. */
  contactEmailSet: boolean;
  /** The newest message the server did not take, while it is being retried or after it gave up. */
  lastFailure: { to: string; subject: string; error: string; at: Date } | null;
};

/** 'smtp.example.com:587' from an SMTP address such as smtps://user:secret@smtp.example.com:587. */
export function smtpHost(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.port ? `${parsed.hostname}:${parsed.port}` : parsed.hostname;
  } catch {
    return null;
  }
}

export async function mailStatus(deps: Pick<AppDeps, "db" | "config">, storeId: string): Promise<MailStatus> {
  const [settings, [failure]] = await Promise.all([
    getStoreSettings(deps.db, storeId),
    deps.db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject, error: mailOutbox.lastError, at: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.storeId, storeId), isNotNull(mailOutbox.lastError)))
      .orderBy(desc(mailOutbox.id))
      .limit(1),
  ]);
  return {
    server: smtpHost(deps.config.SMTP_URL),
    shopAddress: shopContactAddress(settings, deps.config),
    contactEmailSet: settings.contactEmail !== undefined,
    lastFailure: failure && failure.error !== null ? { ...failure, error: failure.error } : null,
  };
}

export type TestEmailOutcome = "delivered" | "kept" | "refused";

/**
 * A test email to `to` (the member asking): delivered, kept in the outbox (no mail server is set), or refused by the
 * server, whose reason mailStatus then shows.
 */
export async function sendTestEmail(deps: Pick<AppDeps, "db" | "config" | "mailer">, storeId: string, to: string): Promise<TestEmailOutcome> {
  const { websiteTitle } = await getStoreSettings(deps.db, storeId);
  const text = `This is a test email from ${websiteTitle}. It arrived, so the shop's email reaches you.`;
  const { delivered } = await deps.mailer.send({
    storeId,
    to,
    subject: `Test email from ${websiteTitle}`,
    text,
    html: layoutHtml(websiteTitle, `<p>${escapeHtml(text)}</p>`),
    kind: "test",
  });
  if (delivered) return "delivered";
  return deps.config.SMTP_URL ? "refused" : "kept";
}
