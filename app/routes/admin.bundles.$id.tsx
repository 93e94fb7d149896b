import { data, Form, Link } from "react-router";
import { FormMessage } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminErrorBoundary, ADMIN_PAGE_HEADERS, adminHeaders, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { draftOfBundle } from "~/components/admin/bundle-draft";
import { BundleForm } from "~/components/admin/bundle-form";
import { merchandisingNoticeOf } from "~/components/admin/bundle-notices";
import { ConfirmLink, ConfirmStep } from "~/components/admin/confirm-step";
import { bundleFormAction, bundleIdOf, bundleProductChoices, getBundleRecord, HttpError, requireStaffPage } from "./admin.bundles.$id.server";
import type { Route } from "./+types/admin.bundles.$id";

export const headers = adminHeaders;
export const meta = ({ data: loaded }: Route.MetaArgs) => adminMeta(loaded ? `Bundle: ${loaded.bundle.title}` : "Bundle");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue");
  const id = bundleIdOf(params);
  const url = new URL(request.url);
  try {
    const [bundle, products] = await Promise.all([getBundleRecord(context.db, context.storeId, id), bundleProductChoices(context.db, context.storeId)]);
    return { bundle, draft: draftOfBundle(bundle), products, notice: merchandisingNoticeOf(url), confirmDelete: url.searchParams.has("delete") };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
    throw error;
  }
}

export const action = ({ request, context, params }: Route.ActionArgs) => bundleFormAction(context, request, bundleIdOf(params));

export default function EditBundle({ loaderData, actionData }: Route.ComponentProps) {
  const { bundle, products, notice, confirmDelete } = loaderData;
  const draft = actionData?.draft ?? loaderData.draft;
  const path = `/admin/bundles/${bundle.id}`;
  return (
    <AdminPage
      title={bundle.title}
      intro={
        <p>
          Bundle at{" "}
          <a href={`/bundles/${bundle.handle}`} className="underline">
            /bundles/{bundle.handle}
          </a>{" "}
          ·{" "}
          <Link to="/admin/bundles" className="underline">
            All bundles
          </Link>
        </p>
      }
    >
      {notice && !actionData ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <BundleForm key={JSON.stringify(draft)} draft={draft} errors={actionData?.errors ?? []} products={products} />

      <AdminSection title="Add pictures">
        <Form method="post" action={`${path}/pictures`} encType="multipart/form-data" className="grid items-end gap-3 sm:grid-cols-[1fr_auto]">
          <div>
            <label htmlFor="bundle-pictures" className="mb-1 block font-medium">
              Pictures (JPEG, PNG, WebP or AVIF, up to 20 MB each)
            </label>
            <input id="bundle-pictures" type="file" name="file" multiple accept="image/jpeg,image/png,image/webp,image/avif" className="w-full rounded border border-black/30 bg-white px-3 py-2" />
          </div>
          <AdminButton weight="secondary">Upload pictures</AdminButton>
        </Form>
        <p className="mt-2 text-sm">They are added after the bundle&apos;s other pictures; the first picture shows on cards.</p>
      </AdminSection>

      <AdminSection title="Delete">
        {confirmDelete ? (
          <ConfirmStep
            question={`Delete the bundle ${bundle.title}? Its page goes, and carts holding it drop it; orders keep their copy.`}
            intent="delete"
            id={bundle.id}
            confirmLabel="Delete bundle"
            cancelTo={path}
          />
        ) : (
          <ConfirmLink to={`${path}?delete`} label="Delete the bundle" target={bundle.title} />
        )}
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
