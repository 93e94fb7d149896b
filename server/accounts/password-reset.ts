/**
 * Forgotten passwords: a single-use link valid for one hour, sent by email. Only the token's hash is stored; using
 * it sets the new password and ends every other session of the customer.
 */
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import { INVALID_RESET_LINK_MESSAGE } from "../../core/account-messages";
import type { AppDeps } from "../context";
import { customers, passwordResetTokens } from "../db/schema";
import { logger } from "../logger";
import { escapeHtml, layoutHtml } from "../mail/mailer";
import { getStoreSettings } from "../store/settings";
import { normalizeEmail } from "../../core/email-address";
import { hashPassword, assertAcceptablePassword } from "./passwords";
import { deleteOtherSessions, hashToken, newToken } from "./session";
import { badInput } from "../../core/errors";

const RESET_TOKEN_MINUTES = 60;

/**
 * Mails carrying a reset link that one account receives in an hour at most, whatever asks for them (reset requests,
 * sign-ups with the account's email) and however many instances take the requests.
 */
export const RESET_MAILS_PER_HOUR = 3;

/** Why the mail with the reset link is sent: a reset was asked for, or someone tried to sign up with the email. */
export type ResetMailReason = "password-reset" | "signup-attempt";

/**
 * Mails the account of `email`, if there is one, a link to choose a new password, within RESET_MAILS_PER_HOUR.
 * Whether a mail goes out is never told to the requester.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  storeId: string,
  email: string,
  reason: ResetMailReason = "password-reset",
): Promise<void> {
  const issued = await issueResetToken(deps, storeId, email);
  if (!issued) return;
  // Delivery (SMTP may take seconds) runs after the answer, so its timing does not tell that the email has an account.
  void sendResetMail(deps, storeId, issued.customer, issued.token, reason).catch((error: unknown) => {
    logger.error({ err: error, storeId }, "password reset mail failed");
  });
}

/**
 * A new reset token for the account of `email`, or null when there is no such account or it has had its mails for
 * the hour. The tokens are counted under a lock on the customer's row, so concurrent requests (on any instance)
 * take turns and each sees the tokens the others made.
 */
async function issueResetToken(deps: AppDeps, storeId: string, email: string) {
  return deps.db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id, email: customers.email, firstName: customers.firstName })
      .from(customers)
      .where(and(eq(customers.storeId, storeId), eq(customers.emailNormalized, normalizeEmail(email))))
      .for("update");
    if (!customer) return null;
    const [recent] = await tx
      .select({ tokens: count() })
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.customerId, customer.id), gt(passwordResetTokens.createdAt, sql`now() - interval '1 hour'`)));
    if (recent.tokens >= RESET_MAILS_PER_HOUR) return null;
    const token = newToken();
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      storeId,
      customerId: customer.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
    });
    return { customer, token };
  });
}

async function sendResetMail(
  deps: AppDeps,
  storeId: string,
  customer: { email: string; firstName: string },
  token: string,
  reason: ResetMailReason,
): Promise<void> {
  const { websiteTitle } = await getStoreSettings(deps.db, storeId);
  const link = new URL("/reset-password", deps.config.publicUrl);
  link.searchParams.set("token", token);
  if (reason === "signup-attempt") return sendSignupAttemptMail(deps, storeId, customer, websiteTitle, link.toString());
  await deps.mailer.send({
    storeId,
    to: customer.email,
    subject: `Reset your ${websiteTitle} password`,
    kind: "password-reset",
    text: [
      `Hello ${customer.firstName},`,
      "",
      "We received a request to reset the password of your account. Open this link to choose a new password:",
      link.toString(),
      "",
      `The link can be used once and is valid for ${RESET_TOKEN_MINUTES} minutes.`,
      "If you did not ask for this, you can ignore this email; your password stays as it is.",
    ].join("\n"),
    html: layoutHtml(
      websiteTitle,
      `<p>Hello ${escapeHtml(customer.firstName)},</p>
<p>We received a request to reset the password of your account. Use the button below to choose a new password.</p>
<p><a href="${escapeHtml(link.toString())}" style="display:inline-block;background:#1c1c1c;color:#fff;padding:12px 20px;text-decoration:none;border-radius:4px">Reset password</a></p>
<p>Or open this link: ${escapeHtml(link.toString())}</p>
<p>The link can be used once and is valid for ${RESET_TOKEN_MINUTES} minutes. If you did not ask for this, you can ignore this email; your password stays as it is.</p>`,
    ),
  });
}

/**
 * Someone signed up with the email of an existing account: the owner learns of it, and gets the way in they may have
 * been looking for (sign-in, and a link to choose a new password).
 */
async function sendSignupAttemptMail(
  deps: AppDeps,
  storeId: string,
  customer: { email: string; firstName: string },
  websiteTitle: string,
  resetLink: string,
): Promise<void> {
  const signIn = new URL("/login", deps.config.publicUrl).toString();
  await deps.mailer.send({
    storeId,
    to: customer.email,
    subject: `Someone tried to create a ${websiteTitle} account with your email`,
    kind: "signup-attempt",
    text: [
      `Hello ${customer.firstName},`,
      "",
      "Someone, perhaps you, tried to create a new account with this email address. You already have an account, so no new one was made and your password is unchanged.",
      "",
      `Sign in: ${signIn}`,
      "",
      `Forgotten your password? Choose a new one with this link (it can be used once, for ${RESET_TOKEN_MINUTES} minutes):`,
      resetLink,
      "",
      "If this was not you, you can ignore this email.",
    ].join("\n"),
    html: layoutHtml(
      websiteTitle,
      `<p>Hello ${escapeHtml(customer.firstName)},</p>
<p>Someone, perhaps you, tried to create a new account with this email address. You already have an account, so no new one was made and your password is unchanged.</p>
<p><a href="${escapeHtml(signIn)}">Sign in</a></p>
<p>Forgotten your password? <a href="${escapeHtml(resetLink)}">Choose a new one</a> (the link can be used once, for ${RESET_TOKEN_MINUTES} minutes).</p>
<p>If this was not you, you can ignore this email.</p>`,
    ),
  });
}

/**
 * Sets a new password with a reset token. The token is consumed in the same transaction as the password change,
 * so it works once even when two requests race; other outstanding tokens of the customer are spent too.
 */
export async function resetPassword(
  deps: AppDeps,
  storeId: string,
  token: string,
  password: string,
  keepSessionToken?: string,
): Promise<{ customerId: number }> {
  assertAcceptablePassword(password);
  const passwordHash = await hashPassword(password);
  return deps.db.transaction(async (tx) => {
    const now = new Date();
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          eq(passwordResetTokens.storeId, storeId),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ customerId: passwordResetTokens.customerId });
    if (!spent) throw badInput(INVALID_RESET_LINK_MESSAGE);
    await tx.update(customers).set({ passwordHash }).where(eq(customers.id, spent.customerId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.customerId, spent.customerId), isNull(passwordResetTokens.usedAt)));
    await deleteOtherSessions(tx, spent.customerId, keepSessionToken);
    return { customerId: spent.customerId };
  });
}

/** Whether a reset link can still be used, so the page can say so before the shopper types a new password. */
export async function resetTokenIsUsable(deps: AppDeps, storeId: string, token: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ customerId: passwordResetTokens.customerId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        eq(passwordResetTokens.storeId, storeId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    );
  return Boolean(row);
}
