/**
 * Returns across the shop (decision 0056): the returns started in a range of days (the last 30 unless chosen), by
 * status, with why customers sent things back counted; the same as CSV from the admin API.
 */
import { data } from "react-router";
import { formatMoney } from "@core/money";
import { RETURN_REASONS, RETURN_STATE_LABELS, RETURN_STATES, type ReturnReason } from "@core/returns";
import { returnListQuerySchema } from "@core/schemas/admin-returns";
import { TextField } from "~/components/account/form-parts";
import { AdminTable, listAddress, RowLink } from "~/components/admin/admin-list";
import { ListSearch, StatusTabs } from "~/components/admin/list-screen";
import { AdminErrorBoundary, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { When } from "~/components/admin/when";
import { placeErrors } from "~/lib/form-error";
import { formFailure, reportRange, requireStaffPage, returnsReport, shopTimeZone } from "./admin.returns.server";
import type { Route } from "./+types/admin.returns";

export const meta = () => adminMeta("Returns");

const PATH = "/admin/returns";
const FILTERS = ["status", "from", "to"] as const;
const COLUMNS = [{ label: "Return" }, { label: "Started" }, { label: "Customer's reason" }, { label: "Items" }, { label: "Status" }, { label: "Refunded", numeric: true }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [, timeZone] = await Promise.all([requireStaffPage(context, request, "orders"), shopTimeZone(context.db, context.storeId)]);
  const url = new URL(request.url);
  const asked = Object.fromEntries(FILTERS.flatMap((name) => (url.searchParams.get(name) ? [[name, url.searchParams.get(name)!]] : []))) as Partial<Record<(typeof FILTERS)[number], string>>;
  try {
    const query = returnListQuerySchema.parse(asked);
    const range = reportRange(query, timeZone);
    const found = await returnsReport(context.db, context.storeId, { ...range.filter, status: query.status });
    return { asked, from: range.from, to: range.to, ...found, errors: [] };
  } catch (error) {
    const failure = formFailure(error, {}, "The returns could not be read just now");
    return data({ asked, from: asked.from ?? "", to: asked.to ?? "", returns: [], reasons: {}, statuses: null, errors: failure.errors }, { status: failure.status });
  }
}

export default function AdminReturns({ loaderData }: Route.ComponentProps) {
  const { asked, from, to, returns, reasons, statuses, errors } = loaderData;
  const placed = placeErrors(errors, FILTERS);
  const range = { from: asked.from, to: asked.to };
  const tabs = [{ status: "", label: "All" }, ...RETURN_STATES.map((status) => ({ status, label: `${RETURN_STATE_LABELS[status].staff}${statuses ? ` (${statuses[status]})` : ""}` }))];
  const counted = Object.entries(RETURN_REASONS).map(([key, label]) => ({ label, count: (reasons as Partial<Record<ReturnReason, number>>)[key as ReturnReason] ?? 0 }));
  return (
    <AdminPage title="Returns" intro={<p>Returns started from {from || "…"} to {to || "…"} (the shop&apos;s days), newest first.</p>}>
      <StatusTabs label="Return status" tabs={tabs} current={asked.status ?? ""} addressOf={(status) => listAddress(PATH, { ...range, status })} />

      <ListSearch label="Returns started between" columns="sm:grid-cols-[1fr_1fr_auto]" button="Show" refusal={placed.at.status ?? placed.form}>
        {asked.status ? <input type="hidden" name="status" value={asked.status} /> : null}
        <TextField label="Started from" name="from" type="date" defaultValue={from} error={placed.at.from} />
        <TextField label="Started to" name="to" type="date" defaultValue={to} error={placed.at.to} />
      </ListSearch>

      <AdminSection title="Why customers returned things">
        <dl className="grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1">
          {counted.map(({ label, count }) => (
            <div key={label} className="contents">
              <dt>{label}</dt>
              <dd className="text-right font-medium">{count}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3">
          <a href={listAddress("/api/admin/returns.csv", { ...range, status: asked.status })} download className="font-medium underline">
            Download these returns as CSV
          </a>
        </p>
      </AdminSection>

      {returns.length === 0 ? (
        <p>No returns in this range.</p>
      ) : (
        <AdminTable label="Returns" minWidth="40rem" columns={COLUMNS}>
          {returns.map((ret) => (
            <tr key={ret.id} className="border-b border-black/10 align-top">
              <RowLink to={`/admin/orders/${ret.orderNumber}/returns`}>
                Return {ret.id}, order #{ret.orderNumber}
              </RowLink>
              <td className="px-3 py-2 whitespace-nowrap">
                <When at={ret.createdAt} />
              </td>
              <td className="px-3 py-2">{RETURN_REASONS[ret.reason as ReturnReason]}</td>
              <td className="px-3 py-2">{ret.lines.map((line) => `${line.quantity} × ${line.title}`).join("; ")}</td>
              <td className="px-3 py-2">{RETURN_STATE_LABELS[ret.status].staff}</td>
              <td className="px-3 py-2 text-right">{ret.refundedCents === null ? "" : formatMoney(ret.refundedCents)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
