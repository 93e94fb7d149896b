/**
 * An admin operation is a shop operation (operation.ts) that cannot be defined without saying what it needs: the
 * permission (or own account) is part of its definition, so the gate (edge/require-staff.ts) runs before the
 * handler on every request, and the document lists the 401 and 403 it answers.
 */
import { FORBIDDEN_MESSAGE, requireStaff, SIGN_IN_REQUIRED_MESSAGE, type Access } from "../edge/require-staff";
import { errors, operation } from "./operation";

export function adminOperation<const R extends Parameters<typeof operation>[0]>(access: Access, route: R) {
  return operation({
    ...route,
    middleware: [requireStaff(access)],
    responses: {
      ...route.responses,
      ...errors({
        401: `${SIGN_IN_REQUIRED_MESSAGE}: no valid staff session or API token`,
        403: `${FORBIDDEN_MESSAGE}: the role may not (${access})`,
      }),
    },
  });
}

/** A date as the admin API answers it. */
export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
