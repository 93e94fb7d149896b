import { Form } from "react-router";
import { linksAsked } from "~/components/admin/links-step";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminErrorBoundary, adminMeta, AdminSection } from "~/components/admin/admin-page";
import { draftOfBundle } from "~/components/admin/bundle-draft";
import { BundleForm } from "~/components/admin/bundle-form";
import { MERCHANDISING_NOTICES } from "~/components/admin/bundle-notices";
import { EditMerchandisePage } from "~/components/admin/merchandise-screens";
import { bundleFormAction, bundleProductChoices, foundOrNotFound, getBundleRecord, recordIdOf, requireStaffPage } from "./admin.bundles.$id.server";
import type { Route } from "./+types/admin.bundles.$id";

export const meta = ({ data: loaded }: Route.MetaArgs) => adminMeta(loaded ? `Bundle: ${loaded.bundle.title}` : "Bundle");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue");
  const id = recordIdOf(params);
  const url = new URL(request.url);
  const [bundle, products] = await foundOrNotFound(Promise.all([getBundleRecord(context.db, context.storeId, id), bundleProductChoices(context.db, context.storeId)]));
  return { bundle, draft: draftOfBundle(bundle), products, notice: MERCHANDISING_NOTICES.of(url), confirmDelete: url.searchParams.has("delete") };
}

export const action = ({ request, context, params }: Route.ActionArgs) => bundleFormAction(context, request, recordIdOf(params));

export default function EditBundle({ loaderData, actionData }: Route.ComponentProps) {
  const { linksLeadHere, formAnswer } = linksAsked(actionData);
  const { bundle, products, notice, confirmDelete } = loaderData;
  const draft = formAnswer?.draft ?? loaderData.draft;
  return (
    <EditMerchandisePage
      noun="bundle"
      record={bundle}
      shownAt="Bundle at"
      address={`/bundles/${bundle.handle}`}
      notice={formAnswer ? null : notice}
      deleting={{ asking: confirmDelete, consequences: "Its page goes, and carts holding it drop it; orders keep their copy.", linksLeadHere }}
    >
      <BundleForm key={JSON.stringify(draft)} draft={draft} errors={formAnswer?.errors ?? []} products={products} />

      <AdminSection title="Add pictures">
        <Form method="post" action={`/admin/bundles/${bundle.id}/pictures`} encType="multipart/form-data" className="grid items-end gap-3 sm:grid-cols-[1fr_auto]">
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
    </EditMerchandisePage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
