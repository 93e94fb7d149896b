/**
 * Forgotten passwords: a single-use link valid for one hour, sent by email. Only the token's hash is stored; using
 * it sets the new password and ends every other session of the customer.
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import { INVALID_RESET_LINK_MESSAGE } from "../../core/account-messages";
import type { AppDeps } from "../context";
import { customers, passwordResetTokens } from "../db/schema";
import { HttpError } from "../http/errors";
import { logger } from "../logger";
import { escapeHtml, layoutHtml } from "../mail/mailer";
import { getStoreSettings } from "../store/settings";
import { findCustomerByEmail } from "./customers";
import { hashPassword, assertAcceptablePassword } from "./passwords";
import { deleteOtherSessions, hashToken, newToken } from "./session";

export const RESET_TOKEN_MINUTES = 60;


export async function requestPasswordReset(deps: AppDeps, storeId: string, email: string): Promise<void> {
  const customer = await findCustomerByEmail(deps.db, storeId, email);
  if (!customer) return;
  const token = newToken();
  await deps.db.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    storeId,
    customerId: customer.id,
    expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
  });
  // Delivery (SMTP may take seconds) runs after the answer, so its timing does not tell that the email has an account.
  void sendResetMail(deps, storeId, customer, token).catch((error: unknown) => {
    logger.error({ err: error, storeId }, "password reset mail failed");
  });
}

async function sendResetMail(
  deps: AppDeps,
  storeId: string,
  customer: { email: string; firstName: string },
  token: string,
): Promise<void> {
  const { websiteTitle } = await getStoreSettings(deps.db, storeId);
  const link = new URL("/reset-password", deps.config.publicUrl);
  link.searchParams.set("token", token);
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
    if (!spent) throw new HttpError(400, INVALID_RESET_LINK_MESSAGE);
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
