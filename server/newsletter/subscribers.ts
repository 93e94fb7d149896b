/**
 * Newsletter subscribers. Every subscriber holds a secret unsubscribe token (only its hash is stored), and every
 * newsletter email carries the one-click link built from it, which works without signing in.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { ALREADY_SIGNED_UP_MESSAGE } from "../../core/content-rules";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { newsletterSubscribers } from "../db/schema";
import { HttpError } from "../http/errors";
import { escapeHtml, layoutHtml } from "../mail/mailer";
import { getStoreSettings } from "../store/settings";

export type SubscriptionSource = "footer" | "popup";

/** Executor of queries: the database or an open transaction. */
type Queryable = Pick<Database, "select" | "insert" | "update">;

/** Addresses differ only in case and surrounding spaces for the same mailbox, as far as the shop is concerned. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function hashUnsubscribeToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export class AlreadySignedUpError extends HttpError {
  constructor() {
    super(409, ALREADY_SIGNED_UP_MESSAGE);
  }
}

/**
 * Adds the address to the newsletter and returns its fresh unsubscribe token. An active subscriber is a 409;
 * someone who unsubscribed earlier is welcomed back with a new token.
 */
export async function addSubscriber(
  db: Queryable,
  storeId: string,
  email: string,
  source: SubscriptionSource,
): Promise<{ unsubscribeToken: string }> {
  const emailNormalized = normalizeEmail(email);
  const unsubscribeToken = randomBytes(24).toString("base64url");
  const unsubscribeTokenHash = hashUnsubscribeToken(unsubscribeToken);
  // The unique index decides between concurrent sign-ups of the same address: exactly one insert wins.
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ storeId, email: email.trim(), emailNormalized, source, unsubscribeTokenHash })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  if (inserted.length > 0) return { unsubscribeToken };

  const resubscribed = await db
    .update(newsletterSubscribers)
    .set({ email: email.trim(), source, unsubscribeTokenHash, subscribedAt: new Date(), unsubscribedAt: null })
    .where(
      and(
        eq(newsletterSubscribers.storeId, storeId),
        eq(newsletterSubscribers.emailNormalized, emailNormalized),
        // Only a former subscriber comes back; an active one keeps the token already mailed to them.
        isNotNull(newsletterSubscribers.unsubscribedAt),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  if (resubscribed.length === 0) throw new AlreadySignedUpError();
  return { unsubscribeToken };
}

/** Takes the address behind the token off the list; true when the token named a subscriber. Idempotent. */
export async function unsubscribe(db: Database, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const tokenHash = hashUnsubscribeToken(token);
  const [row] = await db
    .select({ id: newsletterSubscribers.id, unsubscribedAt: newsletterSubscribers.unsubscribedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeTokenHash, tokenHash));
  if (!row) return false;
  await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: new Date() })
    .where(and(eq(newsletterSubscribers.id, row.id), isNull(newsletterSubscribers.unsubscribedAt)));
  return true;
}

function unsubscribeUrl(publicUrl: string, token: string): string {
  return new URL(`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, publicUrl).toString();
}

/**
 * Sends a newsletter email: the body plus the unsubscribe line, in text and HTML. Every newsletter message goes
 * through here, so none can leave without its link.
 */
export async function sendNewsletterEmail(
  deps: Pick<AppDeps, "db" | "mailer" | "config">,
  storeId: string,
  mail: { to: string; subject: string; paragraphs: string[]; unsubscribeToken: string; kind: string },
): Promise<void> {
  const { websiteTitle } = await getStoreSettings(deps.db, storeId);
  const link = unsubscribeUrl(deps.config.publicUrl, mail.unsubscribeToken);
  const text = [...mail.paragraphs, `Unsubscribe with one click: ${link}`].join("\n\n");
  const bodyHtml =
    mail.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("") +
    `<p style="font-size:12px;color:#555"><a href="${escapeHtml(link)}">Unsubscribe</a> from these emails with one click.</p>`;
  await deps.mailer.send({
    storeId,
    to: mail.to,
    subject: mail.subject,
    text,
    html: layoutHtml(websiteTitle, bodyHtml),
    kind: mail.kind,
    // Mail programs show their own unsubscribe button from these and post to the link (RFC 2369, RFC 8058).
    headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
}
