import { Form, Link } from "react-router";
import { FieldError, FormMessage } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminErrorBoundary, adminMeta, AdminPage } from "~/components/admin/admin-page";
import { placeErrors } from "~/lib/form-error";
import { recordIdOf, bundlePicturesAction, foundOrNotFound, getBundleRecord, requireStaffPage } from "./admin.bundles.$id.server";
import type { Route } from "./+types/admin.bundles.$id.pictures";

export const meta = () => adminMeta("Add bundle pictures");

/** The upload's own address (its body may be larger than a form's), also a page of its own with the upload form. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue");
  const bundle = await foundOrNotFound(getBundleRecord(context.db, context.storeId, recordIdOf(params)));
  return { bundle: { id: bundle.id, title: bundle.title } };
}

/** A stored upload returns to the bundle; a refused one shows here, beside the file field. */
export const action = ({ request, context, params }: Route.ActionArgs) => bundlePicturesAction(context, request, recordIdOf(params));

export default function BundlePictures({ loaderData, actionData }: Route.ComponentProps) {
  const { bundle } = loaderData;
  const placed = placeErrors(actionData?.uploadErrors, ["file"]);
  const path = `/admin/bundles/${bundle.id}`;
  return (
    <AdminPage title={`Add pictures to ${bundle.title}`}>
      {placed.form ? <FormMessage tone="error">{placed.form}</FormMessage> : null}
      <Form method="post" encType="multipart/form-data" className="grid items-end gap-3 rounded-lg bg-card p-4 shadow-sm sm:grid-cols-[1fr_auto] sm:p-6">
        <div>
          <label htmlFor="bundle-pictures" className="mb-1 block font-medium">
            Pictures (JPEG, PNG, WebP or AVIF, up to 20 MB each)
          </label>
          <input
            id="bundle-pictures"
            type="file"
            name="file"
            multiple
            accept="image/jpeg,image/png,image/webp,image/avif"
            aria-invalid={placed.at.file ? true : undefined}
            aria-describedby={placed.at.file ? "bundle-pictures-error" : undefined}
            className="w-full rounded border border-black/30 bg-white px-3 py-2"
          />
          <FieldError id="bundle-pictures-error" error={placed.at.file} />
        </div>
        <AdminButton weight="secondary">Upload pictures</AdminButton>
      </Form>
      <p>
        <Link to={path} className="underline">
          Back to the bundle
        </Link>
      </p>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
