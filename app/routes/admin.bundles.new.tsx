import { AdminErrorBoundary, adminMeta } from "~/components/admin/admin-page";
import { linksAsked } from "~/components/admin/links-step";
import { emptyBundleDraft } from "~/components/admin/bundle-draft";
import { BundleForm } from "~/components/admin/bundle-form";
import { NewMerchandisePage } from "~/components/admin/merchandise-screens";
import { bundleFormAction, bundleProductChoices, requireStaffPage } from "./admin.bundles.$id.server";
import type { Route } from "./+types/admin.bundles.new";

export const meta = () => adminMeta("New bundle");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue");
  return { products: await bundleProductChoices(context.db, context.storeId) };
}

export const action = ({ request, context }: Route.ActionArgs) => bundleFormAction(context, request, null);

export default function NewBundle({ loaderData, actionData }: Route.ComponentProps) {
  const { formAnswer } = linksAsked(actionData);
  const draft = formAnswer?.draft ?? emptyBundleDraft();
  return (
    <NewMerchandisePage noun="bundle" intro="Add its products, choose the variants each offers and the price; pictures follow once it is saved.">
      <BundleForm key={JSON.stringify(draft)} draft={draft} errors={formAnswer?.errors ?? []} products={loaderData.products} />
    </NewMerchandisePage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
