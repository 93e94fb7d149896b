import { data, Form, redirect } from "react-router";
import { IMPORT_TOO_LARGE_MESSAGE, MAX_IMPORT_BYTES } from "@core/schemas/admin-imports";
import { FieldError, FormMessage, LabelledField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminTable, RowLink } from "~/components/admin/admin-list";
import { ADMIN_PAGE_HEADERS, AdminErrorBoundary, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { When } from "~/components/admin/when";
import { placeErrors } from "~/lib/form-error";
import { csvTextOf, formFailure, HttpError, listCatalogueImports, queueCatalogueImport, requireStaffPage, settledWithin } from "./admin.products.import.server";
import { ExportLink, IMPORT_STATUS_LABELS } from "./admin.products.import-parts";
import type { Route } from "./+types/admin.products.import";

export const meta = () => adminMeta("Import products");

const FIELDS = ["file", "mode"] as const;
/** A small file's result is shown at once; a larger one's page shows its progress. */
const RESULT_WAIT_MS = 3_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue");
  return { imports: await listCatalogueImports(context, context.storeId) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaffPage(context, request, "catalogue");
  try {
    const form = await request.formData();
    const file = form.get("file");
    const mode = form.get("mode");
    if (!(file instanceof File) || file.size === 0) throw new HttpError(400, "Choose the CSV file to upload", "file");
    if (file.size > MAX_IMPORT_BYTES) throw new HttpError(413, IMPORT_TOO_LARGE_MESSAGE, "file");
    if (mode !== "check" && mode !== "import") throw new HttpError(400, "Choose Check only or Import", "mode");
    const { job, finished } = await queueCatalogueImport(context, actor, { csv: csvTextOf(await file.arrayBuffer()), fileName: file.name, dryRun: mode === "check" });
    await settledWithin(finished, RESULT_WAIT_MS);
    return redirect(`/admin/products/import/${job.id}`);
  } catch (error) {
    const failure = formFailure(error, {}, "The file could not be taken; please try again in a moment");
    return data(failure, { status: failure.status, headers: ADMIN_PAGE_HEADERS });
  }
}

export default function AdminProductsImport({ loaderData, actionData }: Route.ComponentProps) {
  const { imports } = loaderData;
  const placed = placeErrors(actionData?.errors, FIELDS);
  return (
    <AdminPage
      title="Import products"
      intro={
        <p>
          Move in from Shopify: in Shopify&apos;s admin, export your products as a CSV file, then upload it here. Check it first: nothing changes
          until you import, and then the whole file is imported or none of it. A product whose handle is already in the shop is updated.
        </p>
      }
    >
      <AdminSection title="Upload a file">
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-5">
          {placed.form ? <FormMessage tone="error">{placed.form}</FormMessage> : null}
          <LabelledField
            label="Shopify product CSV"
            error={placed.at.file}
            control={(control) => <input type="file" name="file" accept=".csv,text/csv" required {...control} />}
          />
          <fieldset aria-describedby={placed.at.mode ? "import-mode-error" : undefined}>
            <legend className="mb-1 font-medium">What to do</legend>
            <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
              <label className="flex items-center gap-2">
                <input type="radio" name="mode" value="check" defaultChecked className="size-4" />
                Check only (changes nothing)
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="mode" value="import" className="size-4" />
                Import
              </label>
            </div>
            <FieldError id="import-mode-error" error={placed.at.mode} />
          </fieldset>
          <div>
            <AdminButton>Upload</AdminButton>
          </div>
        </Form>
      </AdminSection>

      <p>
        <ExportLink />
      </p>

      {imports.length > 0 ? (
        <AdminTable label="Recent imports" minWidth="32rem" columns={[{ label: "Import" }, { label: "File" }, { label: "Started" }, { label: "Status" }]}>
          {imports.map((job) => (
            <tr key={job.id} className="border-b border-black/10 align-top">
              <RowLink to={`/admin/products/import/${job.id}`}>{job.dryRun ? "Check" : "Import"} #{job.id}</RowLink>
              <td className="px-3 py-2 break-all">{job.fileName || "(no name)"}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                <When at={job.createdAt} />
              </td>
              <td className="px-3 py-2">{IMPORT_STATUS_LABELS[job.status]}</td>
            </tr>
          ))}
        </AdminTable>
      ) : null}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
