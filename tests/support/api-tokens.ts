import type { StaffRole } from "../../core/staff-roles";
import { commandLineActor } from "../../server/staff/audit";
import { createApiToken } from "../../server/staff/tokens";
import type { TestApp } from "./app";

/** The headers a script sends with a new API token of `role`, made as the owner's command makes one. */
export async function tokenHeaders(t: TestApp, role: StaffRole, name = `${role} script`): Promise<Record<string, string>> {
  const { secret } = await createApiToken(t.deps.db, commandLineActor(t.deps.storeId), { name, role });
  return { authorization: `Bearer ${secret}` };
}
