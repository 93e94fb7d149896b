/**
 * The gate of every back-office page's loader and action: the staff session cookie (server/staff/sessions.ts) and
 * the role matrix (core/staff-roles.ts), checked on each request. Pages are never opened with an API token, so
 * only the cookie counts. No session: to sign-in, with the way back. A role without the permission: 403. A member
 * the owner requires two-step sign-in of, who has none yet: to their account, the one page that sets it up.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { isRefusal, parseWith } from "@core/errors";
import { linksChoice } from "@core/schemas/fields";
import { LinksLeadHere } from "../../server/catalog/navigation";
import { can } from "@core/staff-roles";
import { orderNumberParamsSchema } from "@core/schemas/admin-orders";
import type { AppDeps } from "../../server/context";
import type { Access } from "../../server/edge/require-staff";
import type { StaffMember } from "../../server/staff/accounts";
import type { AuditActor } from "../../server/audit/audit";
import { staffOfRequest } from "../../server/staff/signed-in";
import { ADMIN_PAGE_HEADERS } from "~/components/admin/admin-page";
import type { ErrorBody } from "~/lib/form-error";
import { askedFilters, checkFilters } from "~/components/admin/list-query";
import { z } from "zod";

export { shopTimeZone } from "../../server/store/settings";

export type SignedInStaff = { member: StaffMember; actor: AuditActor; totpSetupRequired: boolean };

export const ACCOUNT_PATH = "/admin/account";

export function signInAddress(request: Request): string {
  const url = new URL(request.url);
  return `/admin/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`;
}

export async function requireStaffPage(context: AppDeps, request: Request, access: Access): Promise<SignedInStaff> {
  const signedIn = await staffOfRequest(context.db, context.storeId, request);
  if (!signedIn) throw redirect(signInAddress(request), { headers: ADMIN_PAGE_HEADERS });
  const { member, totpSetupRequired } = signedIn;
  if (access !== "own-account") {
    if (totpSetupRequired) throw redirect(ACCOUNT_PATH, { headers: ADMIN_PAGE_HEADERS });
    if (!can(member.role, access)) throw data({ status: 403 }, { status: 403, headers: ADMIN_PAGE_HEADERS });
  }
  const actor: AuditActor = { storeId: context.storeId, kind: "staff", id: member.id, label: member.email };
  return { member, actor, totpSetupRequired };
}

/**
 * A list screen's loader whose list is read apart (`read`: what the address asks for, with the status to answer, 400
 * for a filter it cannot be) and whose changes leave a notice in the address (`notices`); the member needs `access`.
 */
export async function noticedListScreen<List extends { status: number }>(
  context: AppLoadContext,
  request: Request,
  access: Access,
  read: (context: AppLoadContext, url: URL) => Promise<List>,
  notices: { of(url: URL): string | null },
) {
  await requireStaffPage(context, request, access);
  const url = new URL(request.url);
  const { status, ...list } = await read(context, url);
  const loaded = { ...list, notice: notices.of(url) };
  return status === 200 ? loaded : data(loaded, { status, headers: ADMIN_PAGE_HEADERS });
}

/** What a page's address names, read; a record that does not exist is the back office's 404 page, not an error. */
export async function foundOrNotFound<T>(reading: Promise<T>): Promise<T> {
  try {
    return await reading;
  } catch (error) {
    if (isRefusal(error, "not-found")) throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
    throw error;
  }
}

/** An order's number from the address; anything that cannot be one is a page that does not exist. */
export function orderNumberOf(params: { number: string }): number {
  const parsed = orderNumberParamsSchema.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
  return Number(parsed.data.number);
}

/** A record's id from the address; anything that cannot be one is a page that does not exist. */
export function recordIdOf(params: { id?: string }): number {
  if (!/^[1-9]\d{0,8}$/.test(params.id ?? "")) throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
  return Number(params.id);
}

type ReadList<Name extends string, Page> = { asked: Record<Name, string> } & ({ page: Page; errors: [] } | { page: null; errors: ErrorBody[] });

/**
 * A list page's read: the filters as the address asks them (kept to fill the search form again), checked by the list's
 * schema, then the list. A refusal by either (the domain can still refuse a cursor of another list) comes back with no
 * page and errors naming the filter, so the form shows each beside its field.
 */
export async function readList<const Name extends string, Schema extends z.ZodType, Page>(
  url: URL,
  names: readonly Name[],
  schema: Schema,
  read: (query: z.infer<Schema>) => Promise<Page>,
): Promise<ReadList<Name, Page>> {
  const asked = askedFilters(url, names);
  const checked = checkFilters(schema, asked);
  if ("errors" in checked) return { asked, page: null, errors: checked.errors };
  try {
    return { asked, page: await read(checked.query), errors: [] };
  } catch (error) {
    if (isRefusal(error, "bad-input")) return { asked, page: null, errors: [{ error: error.message, field: error.field }] };
    throw error;
  }
}

export { formFailure, formValues, type FormFailure } from "../../server/accounts/forms";
export { HttpError, statusOf } from "../../server/http/errors";

/** What a delete or archive form says of the links it would leave leading nowhere (`links`: remove or keep), if it says. */
export const linksChoiceOf = (form: FormData) => parseWith(z.object({ links: linksChoice }), { links: form.get("links") ?? undefined }).links;

/**
 * A delete or archive refused because menu or footer links lead to what it removes (LinksLeadHere): the links, for
 * the screen's LinksStep to ask about. Any other error goes on as it was.
 */
export function linksLeadHereAnswer(error: unknown) {
  if (error instanceof LinksLeadHere) return data({ linksLeadHere: error.links }, { status: 409, headers: ADMIN_PAGE_HEADERS });
  throw error;
}
