import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { StaffRole } from "../../core/staff-roles";
import { auditEvents } from "../../server/db/schema";
import { commandLineActor } from "../../server/audit/audit";
import { createApiToken } from "../../server/staff/tokens";
import { createTestApp, type TestApp } from "./app";

/** The headers a script sends with a new API token of `role`, made as the owner's command makes one. */
export async function tokenHeaders(t: TestApp, role: StaffRole, name = `${role} script`): Promise<Record<string, string>> {
  const { secret } = await createApiToken(t.deps.db, commandLineActor(t.deps.storeId), { name, role });
  return { authorization: `Bearer ${secret}` };
}

export type AdminApi = {
  t: TestApp;
  /** Bearer headers of a manager's and a fulfilment member's scripts. */
  manager: Record<string, string>;
  fulfilment: Record<string, string>;
  /** A JSON call, as the manager unless other headers are given; the answer's status and body. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: AdminAnswer }>;
  /** The newest audit event of `entity`. */
  lastAudit(entity: string): Promise<typeof auditEvents.$inferSelect>;
};
export type AdminAnswer = Record<string, unknown> & { error?: string; field?: string };

/**
 * The admin API over a seeded shop of the test file's own, with a manager's and a fulfilment member's tokens:
 * registers the file's beforeAll and afterAll, and fills the fields before the file's own hooks run.
 */
export function adminApi(): AdminApi {
  const api = {} as AdminApi;
  api.call = async (method, path, body, headers = api.manager) => {
    const response = await api.t.call(method, path, body, headers);
    return { status: response.status, body: (await response.json()) as AdminAnswer };
  };
  api.lastAudit = async (entity) =>
    (
      await api.t.deps.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.storeId, api.t.deps.storeId), eq(auditEvents.entity, entity)))
        .orderBy(desc(auditEvents.id))
        .limit(1)
    )[0];
  beforeAll(async () => {
    api.t = await createTestApp();
    api.manager = await tokenHeaders(api.t, "manager", "shopkeeper");
    api.fulfilment = await tokenHeaders(api.t, "fulfilment", "packing bench");
  });
  afterAll(async () => {
    await api.t?.database.dispose();
  });
  return api;
}
