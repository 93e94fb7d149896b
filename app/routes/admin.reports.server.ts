/** The reports' screens' server side (permission `reports`, decision 0064): each report by the use case the admin API calls. */
import { data, type AppLoadContext } from "react-router";
import { REPORT_FILTERS, REPORTS } from "@core/reports";
import { reportQuerySchema } from "@core/schemas/admin-reports";
import { runReport } from "../../server/reports/reports";
import { formFailure, requireStaffPage } from "./admin.server";

export { requireStaffPage } from "./admin.server";

export async function reportScreen(context: AppLoadContext, request: Request, name: string | undefined) {
  await requireStaffPage(context, request, "reports");
  const listed = REPORTS.find((report) => report.name === name);
  if (!listed) throw data({ status: 404 }, { status: 404 });
  const url = new URL(request.url);
  const asked = Object.fromEntries(REPORT_FILTERS.flatMap((filter) => (url.searchParams.get(filter) ? [[filter, url.searchParams.get(filter)!]] : []))) as Partial<
    Record<(typeof REPORT_FILTERS)[number], string>
  >;
  try {
    return { name: listed.name, title: listed.title, asked, report: await runReport(context.db, context.storeId, listed.name, reportQuerySchema.parse(asked)), errors: [] };
  } catch (error) {
    const failure = formFailure(error, {}, "The report could not be made just now");
    return data({ name: listed.name, title: listed.title, asked, report: null, errors: failure.errors }, { status: failure.status });
  }
}
