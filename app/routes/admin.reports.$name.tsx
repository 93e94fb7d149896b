/**
 * One report (permission `reports`, decision 0064): the range form (a plain GET form), the figures beside the
 * previous period's, the chart with its words, the tables and the CSV of the same range.
 */
import { REPORT_FILTERS, REPORT_GROUPINGS, reportValue, type ReportFigure } from "@core/reports";
import { SelectField, TextField } from "~/components/account/form-parts";
import { AdminTable, listAddress } from "~/components/admin/admin-list";
import { AdminErrorBoundary, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { ListSearch } from "~/components/admin/list-screen";
import { ReportChart } from "~/components/admin/report-chart";
import { placeErrors } from "~/lib/form-error";
import { reportScreen } from "./admin.reports.server";
import type { Route } from "./+types/admin.reports.$name";

export const meta = ({ data }: Route.MetaArgs) => adminMeta(data ? `${data.title} report` : "Report");

export const loader = ({ request, context, params }: Route.LoaderArgs) => reportScreen(context, request, params.name);

const GROUP_OPTIONS = [{ value: "", label: "As the range suits" }, ...REPORT_GROUPINGS.map((group) => ({ value: group, label: `By ${group}` }))];

function change({ kind, current, previous }: ReportFigure): string {
  if (current === previous) return "no change";
  if (previous === 0 || kind === "rate") return `${current > previous ? "up" : "down"} from ${reportValue(kind, previous)}`;
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
  return `${percent > 0 ? "up" : "down"} ${Math.abs(percent)}% from ${reportValue(kind, previous)}`;
}

export default function AdminReport({ loaderData }: Route.ComponentProps) {
  const { name, title, asked, report, errors } = loaderData;
  const placed = placeErrors(errors, REPORT_FILTERS);
  return (
    <AdminPage
      title={`${title} report`}
      intro={
        report ? (
          <p>
            From {report.from} to {report.to} ({report.timeZone} days), beside the previous period, {report.previousFrom} to {report.previousTo}.
          </p>
        ) : null
      }
    >
      <ListSearch label="Report range" columns="sm:grid-cols-[1fr_1fr_1fr_auto]" button="Show" refusal={placed.form}>
        <TextField label="From" name="from" type="date" defaultValue={report?.from ?? asked.from} error={placed.at.from} />
        <TextField label="To" name="to" type="date" defaultValue={report?.to ?? asked.to} error={placed.at.to} />
        <SelectField label="Group" name="group" options={GROUP_OPTIONS} defaultValue={asked.group ?? ""} error={placed.at.group} />
      </ListSearch>

      {report ? (
        <>
          <AdminSection title="Figures">
            <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {report.figures.map((figure) => (
                <div key={figure.label} className="rounded border border-black/15 p-3">
                  <dt className="text-sm">{figure.label}</dt>
                  <dd className="text-2xl font-semibold">{reportValue(figure.kind, figure.current)}</dd>
                  <dd className="text-sm">Previous period: {change(figure)}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-4">
              <a href={listAddress(`/api/admin/reports/${name}.csv`, { from: report.from, to: report.to, group: asked.group })} download className="font-medium underline">
                Download CSV
              </a>
            </p>
          </AdminSection>

          <ReportChart chart={report.chart} />

          {report.tables.map((table) => (
            <AdminSection key={table.title} title={table.title}>
              {table.rows.length === 0 ? (
                <p>Nothing in this range.</p>
              ) : (
                <AdminTable label={table.title} linkless minWidth={`${Math.max(20, table.columns.length * 6)}rem`} columns={table.columns.map((column) => ({ label: column.label, numeric: column.kind !== "text" }))}>
                  {table.rows.map((row, index) => (
                    <tr key={index} className="border-b border-black/10 align-top">
                      {row.map((value, at) => {
                        const kind = table.columns[at].kind;
                        const text = typeof value === "number" && kind !== "text" ? reportValue(kind, value) : String(value);
                        return at === 0 ? (
                          <th key={at} scope="row" className="px-3 py-2 font-semibold">
                            {text}
                          </th>
                        ) : (
                          <td key={at} className={`px-3 py-2${kind === "text" ? "" : " text-right"}`}>
                            {text}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </AdminTable>
              )}
            </AdminSection>
          ))}
        </>
      ) : null}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
