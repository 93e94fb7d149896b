/**
 * The tax report (decision 0063): per month of the shop's time zone, a table of the regions the shop collected in,
 * with taxable and exempt sales, shipping taxed, tax collected, refunds' tax given back and the net to file; the same
 * as CSV from the admin API.
 */
import { data } from "react-router";
import { formatMoney } from "@core/money";
import { taxReportQuerySchema } from "@core/schemas/tax-report";
import { TextField } from "~/components/account/form-parts";
import { AdminTable, listAddress } from "~/components/admin/admin-list";
import { ListSearch } from "~/components/admin/list-screen";
import { AdminErrorBoundary, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { placeErrors } from "~/lib/form-error";
import { formFailure, reportByMonth, requireStaffPage, taxReport, type TaxFigures } from "./admin.reports.tax.server";
import type { Route } from "./+types/admin.reports.tax";

export const meta = () => adminMeta("Sales tax report");

const FILTERS = ["from", "to"] as const;
const COLUMNS = [
  { label: "Region" },
  { label: "Taxable sales", numeric: true },
  { label: "Exempt sales", numeric: true },
  { label: "Shipping taxed", numeric: true },
  { label: "Tax collected", numeric: true },
  { label: "Refunds' tax returned", numeric: true },
  { label: "Net to file", numeric: true },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "reports");
  const url = new URL(request.url);
  const asked = Object.fromEntries(FILTERS.flatMap((name) => (url.searchParams.get(name) ? [[name, url.searchParams.get(name)!]] : []))) as Partial<Record<(typeof FILTERS)[number], string>>;
  try {
    const report = await taxReport(context.db, context.storeId, taxReportQuerySchema.parse(asked));
    return { asked, from: report.from, to: report.to, timeZone: report.timeZone, months: reportByMonth(report), errors: [] };
  } catch (error) {
    const failure = formFailure(error, {}, "The tax report could not be read just now");
    return data({ asked, from: asked.from ?? "", to: asked.to ?? "", timeZone: "", months: [], errors: failure.errors }, { status: failure.status });
  }
}

function Figures({ figures }: { figures: TaxFigures }) {
  return (
    <>
      {[figures.taxableSalesCents, figures.exemptSalesCents, figures.shippingTaxedCents, figures.taxCollectedCents, figures.taxReturnedCents, figures.netTaxCents].map(
        (cents, index) => (
          <td key={index} className="px-3 py-2 text-right">
            {formatMoney(cents)}
          </td>
        ),
      )}
    </>
  );
}

export default function AdminTaxReport({ loaderData }: Route.ComponentProps) {
  const { asked, from, to, timeZone, months, errors } = loaderData;
  const placed = placeErrors(errors, FILTERS);
  return (
    <AdminPage
      title="Sales tax report"
      intro={
        <p>
          Sales tax by month and by the region orders shipped to{timeZone ? `, in months of the shop's time zone (${timeZone})` : ""}: what was sold
          taxable and exempt, the shipping taxed, the tax collected, the tax refunds gave back, and what is left to file.
        </p>
      }
    >
      <ListSearch label="Months of the report" columns="sm:grid-cols-[1fr_1fr_auto]" button="Show" refusal={placed.form}>
        <TextField label="From month" name="from" type="month" placeholder="2026-01" defaultValue={from} error={placed.at.from} />
        <TextField label="To month" name="to" type="month" placeholder="2026-03" defaultValue={to} error={placed.at.to} />
      </ListSearch>

      <p>
        <a href={listAddress("/api/admin/reports/tax.csv", { from: asked.from, to: asked.to })} download className="font-medium underline">
          Download CSV
        </a>
      </p>

      {months.length === 0 ? (
        <p>No tax to report in these months.</p>
      ) : (
        months.map((month) => (
          <AdminSection key={month.month} title={month.name}>
            <AdminTable label={`Tax in ${month.name}`} minWidth="48rem" columns={COLUMNS} linkless>
              {month.rows.map((row) => (
                <tr key={`${row.country}-${row.region}`} className="border-b border-black/10">
                  <th scope="row" className="px-3 py-2">{`${row.country}-${row.region}`}</th>
                  <Figures figures={row} />
                </tr>
              ))}
              {month.rows.length > 1 ? (
                <tr className="font-semibold">
                  <th scope="row" className="px-3 py-2">
                    Total
                  </th>
                  <Figures figures={month.total} />
                </tr>
              ) : null}
            </AdminTable>
          </AdminSection>
        ))
      )}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
