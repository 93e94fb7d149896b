import { AdminErrorBoundary, adminMeta } from "~/components/admin/admin-page";
import { linksAsked } from "~/components/admin/links-step";
import { MERCHANDISING_NOTICES } from "~/components/admin/bundle-notices";
import { draftOfCollection } from "~/components/admin/collection-draft";
import { CollectionForm } from "~/components/admin/collection-form";
import { EditMerchandisePage } from "~/components/admin/merchandise-screens";
import {
  ALL_PRODUCTS_HANDLE,
  collectionChoices,
  collectionFormAction,
  foundOrNotFound,
  getCollectionRecord,
  recordIdOf,
  requireStaffPage,
} from "./admin.collections.$id.server";
import type { Route } from "./+types/admin.collections.$id";

export const meta = ({ data: loaded }: Route.MetaArgs) => adminMeta(loaded ? `Collection: ${loaded.collection.title}` : "Collection");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue");
  const id = recordIdOf(params);
  const url = new URL(request.url);
  const [collection, choices] = await foundOrNotFound(Promise.all([getCollectionRecord(context.db, context.storeId, id), collectionChoices(context)]));
  return {
    collection,
    draft: draftOfCollection(collection),
    ...choices,
    isAllProducts: collection.handle === ALL_PRODUCTS_HANDLE,
    notice: MERCHANDISING_NOTICES.of(url),
    confirmDelete: url.searchParams.has("delete"),
  };
}

export const action = ({ request, context, params }: Route.ActionArgs) => collectionFormAction(context, request, recordIdOf(params));

export default function EditCollection({ loaderData, actionData }: Route.ComponentProps) {
  const { linksLeadHere, formAnswer } = linksAsked(actionData);
  const { collection, products, bundles, isAllProducts, notice, confirmDelete } = loaderData;
  const draft = formAnswer?.draft ?? loaderData.draft;
  const shopAddress = isAllProducts ? "/shop" : `/search?${new URLSearchParams({ query: collection.handle, type: "collection-search" })}`;
  return (
    <EditMerchandisePage
      noun="collection"
      record={collection}
      shownAt="On the shop at"
      address={shopAddress}
      notice={formAnswer ? null : notice}
      deleting={isAllProducts ? null : { asking: confirmDelete, consequences: "Its products and bundles stay.", linksLeadHere }}
    >
      <CollectionForm
        key={JSON.stringify(draft)}
        draft={draft}
        errors={formAnswer?.errors ?? []}
        products={products}
        bundles={bundles}
        handleFixed={isAllProducts}
      />
    </EditMerchandisePage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
