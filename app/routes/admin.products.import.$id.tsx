import { data, Form, Link, redirect } from "react-router";
import { importIdParamsSchema } from "@core/schemas/admin-imports";
import { FormMessage } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminTable } from "~/components/admin/admin-list";
import { ADMIN_PAGE_HEADERS, AdminErrorBoundary, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { When } from "~/components/admin/when";
import { applyCheckedImport, formFailure, foundOrNotFound, getCatalogueImport, requireStaffPage, settledWithin, summaryOf } from "./admin.products.import.$id.server";
import { ExportLink, IMPORT_STATUS_LABELS } from "./admin.products.import-parts";
import type { Route } from "./+types/admin.products.import.$id";

/** While the job runs the page reloads itself every 2 s, with or without JavaScript, until it is done. */
const REFRESH_SECONDS = 2;
const RESULT_WAIT_MS = 3_000;

export function meta({ loaderData }: Route.MetaArgs) {
  const running = loaderData?.job.status === "queued" || loaderData?.job.status === "running";
  const title = loaderData ? `${loaderData.job.dryRun ? "Check" : "Import"} #${loaderData.job.id}` : "Import";
  return [...adminMeta(title), ...(running ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) }] : [])];
}

function idOf(params: { id?: string }): number {
  const parsed = importIdParamsSchema.safeParse({ id: params.id });
  if (!parsed.success) throw data({ status: 404 }, { status: 404, headers: ADMIN_PAGE_HEADERS });
  return Number(parsed.data.id);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue");
  const id = idOf(params);
  const { csv: _file, problems, ...job } = await foundOrNotFound(getCatalogueImport(context, context.storeId, id));
  return { job, problems, summary: summaryOf(job) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaffPage(context, request, "catalogue");
  const id = idOf(params);
  try {
    const { job, finished } = await applyCheckedImport(context, actor, id);
    await settledWithin(finished, RESULT_WAIT_MS);
    return redirect(`/admin/products/import/${job.id}`);
  } catch (error) {
    const failure = formFailure(error, {}, "The import could not be started; please try again in a moment");
    return data(failure, { status: failure.status, headers: ADMIN_PAGE_HEADERS });
  }
}

function ProblemTable({ label, problems }: { label: string; problems: readonly { row: number; column: string; message: string }[] }) {
  return (
    // Narrow enough not to scroll on a phone: a table that scrolls must hold something to focus, and this one has no links.
    <AdminTable label={label} minWidth="18rem" columns={[{ label: "Row", numeric: true }, { label: "Column" }, { label: "Message" }]}>
      {problems.map((problem, index) => (
        <tr key={index} className="border-b border-black/10 align-top">
          <th scope="row" className="px-3 py-2 text-right">
            {problem.row}
          </th>
          <td className="px-3 py-2">{problem.column}</td>
          <td className="px-3 py-2">{problem.message}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

export default function AdminProductsImportJob({ loaderData, actionData }: Route.ComponentProps) {
  const { job, problems, summary } = loaderData;
  const running = job.status === "queued" || job.status === "running";
  const kind = job.dryRun ? "Check" : "Import";
  const counts = summary
    ? [
        ["Products to create", "Products created", summary.products_created],
        ["Products to update", "Products updated", summary.products_updated],
        ["Variants to create", "Variants created", summary.variants_created],
        ["Variants to update", "Variants updated", summary.variants_updated],
        ["Variants to remove", "Variants removed", summary.variants_removed],
        ["Pictures to fetch", "Pictures added", summary.pictures],
        ...(summary.pictures_failed > 0 ? [["", "Pictures not imported", summary.pictures_failed] as const] : []),
      ]
    : [];
  return (
    <AdminPage
      title={`${kind} #${job.id}`}
      intro={
        <p>
          {job.fileName || "(no name)"}, {job.totalRows} rows, started <When at={job.createdAt} />.
        </p>
      }
    >
      <AdminSection title="Status">
        <div role="status" className="flex flex-col gap-3">
          <p className="text-lg font-semibold">{IMPORT_STATUS_LABELS[job.status]}</p>
          {running ? (
            <>
              <progress value={job.processedRows} max={job.totalRows} aria-label={`${kind} progress`} className="w-full" />
              <p>{`${job.processedRows} of ${job.totalRows} rows. This page refreshes itself every ${REFRESH_SECONDS} seconds.`}</p>
            </>
          ) : summary?.applied ? (
            <p>The file is imported: the shop shows its products now.</p>
          ) : problems.length > 0 ? (
            <p>Nothing was changed. Fix the problems below in the file and upload it again.</p>
          ) : job.dryRun && job.status === "succeeded" ? (
            <p>The file is ready to import. Nothing has changed yet.</p>
          ) : null}
        </div>
        {summary && problems.length > 0 ? <p className="mt-4">The rows without problems would make these changes:</p> : null}
        {summary ? (
          <dl className="mt-4 grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1">
            {counts.map(([planned, done, value]) => (
              <div key={done} className="contents">
                <dt>{summary.applied ? done : planned || done}</dt>
                <dd className="text-right tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {job.dryRun && job.status === "succeeded" && problems.length === 0 ? (
          <Form method="post" className="mt-4 flex flex-col gap-3">
            {actionData?.errors[0] ? <FormMessage tone="error">{actionData.errors[0].error}</FormMessage> : null}
            <div>
              <AdminButton>Import this file</AdminButton>
            </div>
          </Form>
        ) : null}
      </AdminSection>

      {problems.length > 0 ? (
        <section aria-labelledby="import-problems" className="flex flex-col gap-3">
          <h2 id="import-problems" className="text-xl font-semibold">
            Problems ({problems.length})
          </h2>
          <p>Rows are numbered as a spreadsheet shows them: the header is row 1.</p>
          <ProblemTable label="Problems" problems={problems} />
        </section>
      ) : null}

      {summary && summary.notices.length > 0 ? (
        <section aria-labelledby="import-notices" className="flex flex-col gap-3">
          <h2 id="import-notices" className="text-xl font-semibold">
            Notices ({summary.notices.length})
          </h2>
          <p>These did not stop the file.</p>
          <ProblemTable label="Notices" problems={summary.notices} />
        </section>
      ) : null}

      <nav aria-label="Imports" className="flex flex-wrap gap-x-6 gap-y-2">
        <Link to="/admin/products/import" className="font-medium underline">
          Upload another file
        </Link>
        <Link to="/admin/products" className="font-medium underline">
          Products
        </Link>
        <ExportLink />
      </nav>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
