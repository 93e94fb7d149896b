/** The reports' index (permission `reports`, decision 0064): each report core/reports.ts lists, with what it tells. */
import { Link } from "react-router";
import { REPORTS, TAX_REPORT } from "@core/reports";
import { AdminErrorBoundary, adminMeta, AdminPage } from "~/components/admin/admin-page";
import { requireStaffPage } from "./admin.reports.server";
import type { Route } from "./+types/admin.reports";

export const meta = () => adminMeta("Reports");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "reports");
  return null;
}

export default function AdminReports() {
  return (
    <AdminPage title="Reports" intro={<p>Each report covers the days you choose, in the shop&apos;s time zone, beside the period of as many days just before. Each downloads as CSV.</p>}>
      <ul className="grid gap-4 sm:grid-cols-2">
        {[...REPORTS, TAX_REPORT].map((report) => (
          <li key={report.name} className="rounded-lg bg-card p-4 shadow-sm">
            <Link to={`/admin/reports/${report.name}`} className="text-lg font-semibold underline">
              {report.title}
            </Link>
            <p className="mt-1">{report.summary}</p>
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
