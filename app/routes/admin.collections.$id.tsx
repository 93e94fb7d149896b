import { data, Link } from "react-router";
import { FormMessage } from "~/components/account/form-parts";
import { AdminErrorBoundary, ADMIN_PAGE_HEADERS, adminHeaders, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { merchandisingNoticeOf } from "~/components/admin/bundle-notices";
import { draftOfCollection } from "~/components/admin/collection-draft";
import { CollectionForm } from "~/components/admin/collection-form";
import { ConfirmLink, ConfirmStep } from "~/components/admin/confirm-step";
import {
  ALL_PRODUCTS_HANDLE,
  collectionChoices,
  collectionFormAction,
  collectionIdOf,
  getCollectionRecord,
  HttpError,
  requireStaffPage,
} from "./admin.collections.$id.server";
import type { Route } from "./+types/admin.collections.$id";

export const headers = adminHeaders;
export const meta = ({ data: loaded }: Route.MetaArgs) => adminMeta(loaded ? `Collection: ${loaded.collection.title}` : "Collection");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue");
  const id = collectionIdOf(params);
  const url = new URL(request.url);
  try {
    const [collection, choices] = await Promise.all([getCollectionRecord(context.db, context.storeId, id), collectionChoices(context)]);
    return {
      collection,
      draft: draftOfCollection(collection),
      ...choices,
      isAllProducts: collection.handle === ALL_PRODUCTS_HANDLE,
      notice: merchandisingNoticeOf(url),
      confirmDelete: url.searchParams.has("delete"),
    };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
    throw error;
  }
}

export const action = ({ request, context, params }: Route.ActionArgs) => collectionFormAction(context, request, collectionIdOf(params));

export default function EditCollection({ loaderData, actionData }: Route.ComponentProps) {
  const { collection, products, bundles, isAllProducts, notice, confirmDelete } = loaderData;
  const draft = actionData?.draft ?? loaderData.draft;
  const path = `/admin/collections/${collection.id}`;
  const shopAddress = isAllProducts ? "/shop" : `/search?${new URLSearchParams({ query: collection.handle, type: "collection-search" })}`;
  return (
    <AdminPage
      title={collection.title}
      intro={
        <p>
          On the shop at{" "}
          <a href={shopAddress} className="underline">
            {shopAddress}
          </a>{" "}
          ·{" "}
          <Link to="/admin/collections" className="underline">
            All collections
          </Link>
        </p>
      }
    >
      {notice && !actionData ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <CollectionForm
        key={JSON.stringify(draft)}
        draft={draft}
        errors={actionData?.errors ?? []}
        products={products}
        bundles={bundles}
        handleFixed={isAllProducts}
      />
      {isAllProducts ? null : (
        <AdminSection title="Delete">
          {confirmDelete ? (
            <ConfirmStep
              question={`Delete the collection ${collection.title}? Its products and bundles stay; its links in the navigation and footer go.`}
              intent="delete"
              id={collection.id}
              confirmLabel="Delete collection"
              cancelTo={path}
            />
          ) : (
            <ConfirmLink to={`${path}?delete`} label="Delete the collection" target={collection.title} />
          )}
        </AdminSection>
      )}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
