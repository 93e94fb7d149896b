/**
 * The audit trail: who changed what, when, and how. Each write records its event inside its own transaction, so
 * a change is never without its record nor a record without its change. Only the fields a write changed are kept,
 * each as {before, after}; secrets (password and TOTP hashes, token hashes) are never handed to it.
 */
import { isDeepStrictEqual } from "node:util";
import { and, desc, eq, lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { auditEvents, type AuditChanges } from "../db/schema";
import { badInput } from "../../core/errors";

/** Who acts: a signed-in staff member, an API token, or the owner at the shop's command line. */
export type AuditActor = {
  storeId: string;
  kind: "staff" | "token" | "command";
  /** The staff or token id; none for the command line. */
  id: number | null;
  /** The staff email, the token's name, or 'command line'. */
  label: string;
};

export const COMMAND_LINE_LABEL = "command line";

export function commandLineActor(storeId: string): AuditActor {
  return { storeId, kind: "command", id: null, label: COMMAND_LINE_LABEL };
}

type Fields = Record<string, unknown>;

export type AuditEntry = {
  /** What was done, as `entity.verb`: `staff.create`, `token.revoke`. */
  action: string;
  entity: string;
  entityId: string | number | null;
  /** The entity's fields before the write; null when the write created it. */
  before: Fields | null;
  /** The entity's fields after the write; null when the write removed it. */
  after: Fields | null;
};

/** The fields that differ between `before` and `after`, each {before, after}; a missing side reads as null. */
export function changedFields(before: Fields | null, after: Fields | null): AuditChanges {
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditChanges = {};
  for (const name of names) {
    const was = before?.[name] ?? null;
    const is = after?.[name] ?? null;
    if (!isDeepStrictEqual(was, is)) changes[name] = { before: was, after: is };
  }
  return changes;
}

/** Records one event; call it with the transaction that makes the change. */
export async function recordAudit(tx: Database, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    storeId: actor.storeId,
    actorKind: actor.kind,
    actorId: actor.id,
    actorLabel: actor.label,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    changes: changedFields(entry.before, entry.after),
  });
}

export type AuditEvent = {
  id: number;
  at: Date;
  actorKind: "staff" | "token" | "command";
  actorId: number | null;
  actorLabel: string;
  action: string;
  entity: string;
  entityId: string | null;
  changes: AuditChanges;
};

export const AUDIT_PAGE_SIZE = 50;

/**
 * Events newest first, optionally of one entity kind or one actor (by label: an email, a token name, 'command
 * line'), a page at a time. The cursor is the last id seen, so a page stays right while new events arrive.
 */
export async function listAudit(
  db: Database,
  storeId: string,
  filter: { entity?: string; actor?: string; cursor?: string; limit?: number },
): Promise<{ events: AuditEvent[]; nextCursor: string | null }> {
  const limit = filter.limit ?? AUDIT_PAGE_SIZE;
  const before = filter.cursor === undefined ? undefined : Number(filter.cursor);
  if (before !== undefined && !(Number.isSafeInteger(before) && before > 0)) throw badInput("Invalid cursor", "cursor");
  const rows = await db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.storeId, storeId),
        filter.entity ? eq(auditEvents.entity, filter.entity) : undefined,
        filter.actor ? eq(auditEvents.actorLabel, filter.actor) : undefined,
        before === undefined ? undefined : lt(auditEvents.id, before),
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map(({ storeId: _store, ...event }) => event);
  return { events: page, nextCursor: rows.length > limit ? String(page[page.length - 1].id) : null };
}
