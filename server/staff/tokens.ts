/**
 * API tokens for the owner's scripts: `Authorization: Bearer <token>` acts with the role the token was given. The
 * token is shown once, when made; only its SHA-256 is stored (a random 256-bit token needs no slow hash: there is
 * nothing to guess), so a leaked table holds no usable token. Revoking keeps the row, so the list and the audit
 * trail still name it.
 */
import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { apiTokens } from "../db/schema";
import { hashToken, newToken } from "../accounts/session";
import { recordAudit, type AuditActor } from "../audit/audit";
import type { StaffRole } from "../../core/staff-roles";
import { notFound } from "../../core/errors";

/** Says what it is wherever it turns up (a log, a commit), so it can be recognised and revoked. */
const TOKEN_PREFIX = "shop_admin_";
/** A busy script writes the token's last use at most this often. */
const USE_PRECISION_MS = 60 * 1000;

export type ApiToken = {
  id: number;
  name: string;
  role: StaffRole;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

const tokenColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  role: apiTokens.role,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
  revokedAt: apiTokens.revokedAt,
};

export const TOKEN_NOT_FOUND_MESSAGE = "API token not found";

const audited = (token: ApiToken) => ({ name: token.name, role: token.role, revoked_at: token.revokedAt?.toISOString() ?? null });

/** The new token's record and, this once, the token itself. */
export async function createApiToken(
  db: Database,
  actor: AuditActor,
  input: { name: string; role: StaffRole },
): Promise<{ token: ApiToken; secret: string }> {
  const secret = `${TOKEN_PREFIX}${newToken()}`;
  const token = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(apiTokens)
      .values({
        storeId: actor.storeId,
        name: input.name.trim(),
        tokenHash: hashToken(secret),
        role: input.role,
        createdBy: actor.kind === "staff" ? actor.id : null,
      })
      .returning(tokenColumns);
    await recordAudit(tx, actor, { action: "token.create", entity: "token", entityId: created.id, before: null, after: audited(created) });
    return created;
  });
  return { token, secret };
}

export function listApiTokens(db: Database, storeId: string): Promise<ApiToken[]> {
  return db.select(tokenColumns).from(apiTokens).where(eq(apiTokens.storeId, storeId)).orderBy(desc(apiTokens.id));
}

/** Revokes the token from its next request on; revoking a revoked token changes nothing. */
export async function revokeApiToken(db: Database, actor: AuditActor, id: number): Promise<ApiToken> {
  return db.transaction(async (tx) => {
    const [token] = await tx
      .select(tokenColumns)
      .from(apiTokens)
      .where(and(eq(apiTokens.id, id), eq(apiTokens.storeId, actor.storeId)))
      .for("update");
    if (!token) throw notFound(TOKEN_NOT_FOUND_MESSAGE);
    if (token.revokedAt) return token;
    const [revoked] = await tx.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, id)).returning(tokenColumns);
    await recordAudit(tx, actor, { action: "token.revoke", entity: "token", entityId: id, before: audited(token), after: audited(revoked) });
    return revoked;
  });
}

/** The live token `secret` is, in `storeId`, or null; notes its use. */
export async function tokenOfBearer(db: Database, storeId: string, secret: string, now = new Date()): Promise<ApiToken | null> {
  if (!secret.startsWith(TOKEN_PREFIX)) return null;
  const [token] = await db
    .select(tokenColumns)
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, hashToken(secret)), eq(apiTokens.storeId, storeId), isNull(apiTokens.revokedAt)));
  if (!token) return null;
  const stale = new Date(now.getTime() - USE_PRECISION_MS);
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(apiTokens.id, token.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, stale))));
  return { ...token, lastUsedAt: now };
}
