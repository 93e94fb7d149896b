import { AdminErrorBoundary, adminMeta } from "~/components/admin/admin-page";
import { linksAsked } from "~/components/admin/links-step";
import { emptyCollectionDraft } from "~/components/admin/collection-draft";
import { CollectionForm } from "~/components/admin/collection-form";
import { NewMerchandisePage } from "~/components/admin/merchandise-screens";
import { collectionChoices, collectionFormAction, requireStaffPage } from "./admin.collections.$id.server";
import type { Route } from "./+types/admin.collections.new";

export const meta = () => adminMeta("New collection");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue");
  return collectionChoices(context);
}

export const action = ({ request, context }: Route.ActionArgs) => collectionFormAction(context, request, null);

export default function NewCollection({ loaderData, actionData }: Route.ComponentProps) {
  const { formAnswer } = linksAsked(actionData);
  const draft = formAnswer?.draft ?? emptyCollectionDraft();
  return (
    <NewMerchandisePage noun="collection">
      <CollectionForm key={JSON.stringify(draft)} draft={draft} errors={formAnswer?.errors ?? []} products={loaderData.products} bundles={loaderData.bundles} />
    </NewMerchandisePage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
