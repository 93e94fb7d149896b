/**
 * Newsletter subscribers. Every subscriber holds a secret unsubscribe token (only its hash is stored), and every
 * newsletter email carries the one-click link built from it, which works without signing in.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, ilike, isNotNull, isNull } from "drizzle-orm";
import { ALREADY_SIGNED_UP_MESSAGE } from "../../core/content-rules";
import type { SubscriberStatus } from "../../core/inbox-rules";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { newsletterSubscribers } from "../db/schema";
import { escapeHtml, layoutHtml } from "../mail/mailer";
import { csvPages } from "../http/csv";
import { containing, everyPage, newestFirstPage } from "../db/listing";
import { recordAudit, type AuditActor } from "../audit/audit";
import { getStoreSettings } from "../store/settings";
import { normalizeEmail } from "../../core/email-address";
import { DomainError, notFound } from "../../core/errors";

export type SubscriptionSource = "footer" | "popup";

/** Executor of queries: the database or an open transaction. */
type Queryable = Pick<Database, "select" | "insert" | "update">;

export function hashUnsubscribeToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export class AlreadySignedUpError extends DomainError {
  constructor() {
    super("conflict", ALREADY_SIGNED_UP_MESSAGE);
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

/**
 * Takes one subscriber off the list, the one way off it for the shopper's link and the back office alike; answers
 * when they left (now, or earlier for someone already off it).
 */
async function endSubscription(db: Queryable, subscriberId: number): Promise<Date | null> {
  const [ended] = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: new Date() })
    .where(and(eq(newsletterSubscribers.id, subscriberId), isNull(newsletterSubscribers.unsubscribedAt)))
    .returning({ unsubscribedAt: newsletterSubscribers.unsubscribedAt });
  return ended?.unsubscribedAt ?? null;
}

/** Takes the address behind the token off the list; true when the token named a subscriber. Idempotent. */
export async function unsubscribe(db: Database, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const tokenHash = hashUnsubscribeToken(token);
  const [row] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeTokenHash, tokenHash));
  if (!row) return false;
  await endSubscription(db, row.id);
  return true;
}

// ---------------------------------------------------------------- the back office (permission `customers`)

export const SUBSCRIBERS_PAGE_SIZE = 50;
export const SUBSCRIBER_NOT_FOUND = "No such subscriber in this store";

export type Subscriber = {
  id: number;
  email: string;
  source: SubscriptionSource;
  subscribedAt: Date;
  unsubscribedAt: Date | null;
};

export type SubscriberFilter = { q?: string; status?: SubscriberStatus; cursor?: string; limit?: number };

const subscriberColumns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  source: newsletterSubscribers.source,
  subscribedAt: newsletterSubscribers.subscribedAt,
  unsubscribedAt: newsletterSubscribers.unsubscribedAt,
};

/** Newest sign-ups first, by part of the address and by status, a page at a time (the cursor is the last id seen). */
export async function listSubscribers(db: Database, storeId: string, filter: SubscriberFilter = {}): Promise<{ subscribers: Subscriber[]; nextCursor: string | null }> {
  const term = filter.q?.trim() ?? "";
  const { page, nextCursor } = await newestFirstPage(filter, SUBSCRIBERS_PAGE_SIZE, newsletterSubscribers.id, (olderThanCursor, count) =>
    db
      .select(subscriberColumns)
      .from(newsletterSubscribers)
      .where(
        and(
          eq(newsletterSubscribers.storeId, storeId),
          // The normalised address, so a search finds an address whatever case it was typed in.
          term === "" ? undefined : ilike(newsletterSubscribers.emailNormalized, containing(normalizeEmail(term))),
          filter.status === "subscribed" ? isNull(newsletterSubscribers.unsubscribedAt) : undefined,
          filter.status === "unsubscribed" ? isNotNull(newsletterSubscribers.unsubscribedAt) : undefined,
          olderThanCursor,
        ),
      )
      .orderBy(desc(newsletterSubscribers.id))
      .limit(count),
  );
  return { subscribers: page, nextCursor };
}

const SUBSCRIBER_CSV_COLUMNS = ["email", "status", "source", "subscribed_at", "unsubscribed_at"];
const CSV_PAGE = 500;

/** Every subscriber the filter finds, every page of it, as CSV sent as it is read (the shop's one writer: server/http/csv.ts). */
export function subscribersCsv(db: Database, storeId: string, filter: Omit<SubscriberFilter, "cursor" | "limit">): AsyncGenerator<string> {
  const pages = everyPage(undefined, (cursor) => listSubscribers(db, storeId, { ...filter, cursor, limit: CSV_PAGE }));
  return csvPages(SUBSCRIBER_CSV_COLUMNS, pages, (page) =>
    page.subscribers.map((s) => [s.email, s.unsubscribedAt ? "unsubscribed" : "subscribed", s.source, s.subscribedAt, s.unsubscribedAt]),
  );
}

/** The back office takes a subscriber off the list, as their own unsubscribe link would; in the audit trail. Idempotent. */
export async function unsubscribeSubscriber(db: Database, actor: AuditActor, subscriberId: number): Promise<Subscriber> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select(subscriberColumns)
      .from(newsletterSubscribers)
      .where(and(eq(newsletterSubscribers.storeId, actor.storeId), eq(newsletterSubscribers.id, subscriberId)))
      .for("update");
    if (!row) throw notFound(SUBSCRIBER_NOT_FOUND);
    if (row.unsubscribedAt) return row;
    const unsubscribedAt = await endSubscription(tx, subscriberId);
    await recordAudit(tx, actor, {
      action: "subscriber.unsubscribe",
      entity: "subscriber",
      entityId: subscriberId,
      before: { email: row.email, unsubscribedAt: null },
      after: { email: row.email, unsubscribedAt: unsubscribedAt?.toISOString() ?? null },
    });
    return { ...row, unsubscribedAt };
  });
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
