import { data } from "react-router";
import { auditQuerySchema } from "@core/schemas/admin";
import { TextField } from "~/components/account/form-parts";
import { ListPages, ListSearch } from "~/components/admin/list-screen";
import { AdminErrorBoundary, adminMeta, AdminPage } from "~/components/admin/admin-page";
import { askedFilters, checkFilters } from "~/components/admin/list-query";
import { When } from "~/components/admin/when";
import { placeErrors } from "~/lib/form-error";
import { auditChangeRows } from "@core/audit-words";
import { listAudit, requireStaffPage, shopTimeZone } from "./admin.audit.server";
import type { Route } from "./+types/admin.audit";

export const meta = () => adminMeta("Audit trail");

const PATH = "/admin/audit";
const FILTERS = ["entity", "actor", "cursor"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "audit");
  const asked = askedFilters(new URL(request.url), FILTERS);
  const { cursor: _page, ...filter } = asked;
  const checked = checkFilters(auditQuerySchema, asked);
  if ("errors" in checked) return data({ filter, events: [], nextCursor: null, paged: false, errors: checked.errors }, { status: 400 });
  const [{ events, nextCursor }, timeZone] = await Promise.all([listAudit(context.db, context.storeId, checked.query), shopTimeZone(context.db, context.storeId)]);
  // Said on the server, so the screen carries words, not the code that makes them.
  const shown = events.map(({ changes, ...event }) => ({ ...event, changes: auditChangeRows(changes, timeZone) }));
  return { filter, events: shown, nextCursor, paged: checked.query.cursor !== undefined, errors: [] };
}


/** The trail, newest first; it is read here and never changed. */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { filter, events, nextCursor, paged, errors } = loaderData;
  const placed = placeErrors(errors, FILTERS);
  return (
    <AdminPage title="Audit trail" intro={<p>Every change made in the back office, by a script or at the command line, newest first.</p>}>
      <ListSearch label="Filter the audit trail" columns="sm:grid-cols-[1fr_1fr_auto]" button="Filter" refusal={placed.at.cursor}>
        <TextField label="Entity (staff, token, …)" name="entity" defaultValue={filter.entity} error={placed.at.entity} />
        <TextField label="Actor (email, token name or “command line”)" name="actor" defaultValue={filter.actor} error={placed.at.actor} />
      </ListSearch>

      {events.length === 0 ? (
        <p>{filter.entity || filter.actor ? "No events match this filter." : "Nothing has been changed yet."}</p>
      ) : (
        <ol aria-label="Audit events" className="flex flex-col gap-4">
          {events.map((event) => {
            const { changes } = event;
            return (
              <li key={event.id} className="rounded-lg bg-card p-4 shadow-sm sm:p-6">
                <h2 className="font-semibold break-words">
                  {event.action} · {event.entity}
                  {event.entityId ? ` #${event.entityId}` : ""}
                </h2>
                <p className="mt-1 text-sm">
                  <When at={event.at} /> by {event.actorLabel}
                  {event.actorKind === "token" ? " (API token)" : ""}
                </p>
                {changes.length > 0 ? (
                  <table className="mt-3 w-full table-fixed border-collapse text-left text-sm">
                    <caption className="sr-only">Changes</caption>
                    <thead>
                      <tr className="border-b border-black/20">
                        <th scope="col" className="w-1/4 py-1 pr-2">Field</th>
                        <th scope="col" className="py-1 pr-2">Before</th>
                        <th scope="col" className="py-1">After</th>
                      </tr>
                    </thead>
                    <tbody>
                      {changes.map((change, index) => (
                        <tr key={index} className="border-b border-black/10 align-top">
                          <th scope="row" className="py-1 pr-2 font-medium break-words">{change.label}</th>
                          <td className="py-1 pr-2 break-words">{change.before}</td>
                          <td className="py-1 break-words">{change.after}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}

      <ListPages label="Audit trail pages" noun="events" path={PATH} filters={filter} paged={paged} nextCursor={nextCursor} />
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
