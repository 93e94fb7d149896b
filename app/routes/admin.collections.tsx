import { Link } from "react-router";
import { FormMessage } from "~/components/account/form-parts";
import { AdminTable } from "~/components/admin/admin-list";
import { AdminErrorBoundary, adminHeaders, adminMeta, AdminPage } from "~/components/admin/admin-page";
import { merchandisingNoticeOf } from "~/components/admin/bundle-notices";
import { listCollections, requireStaffPage } from "./admin.collections.server";
import type { Route } from "./+types/admin.collections";

export const headers = adminHeaders;
export const meta = () => adminMeta("Collections");

const COLUMNS = [
  { label: "Collection" },
  { label: "Handle" },
  { label: "Home page" },
  { label: "Navigation" },
  { label: "Products", numeric: true },
  { label: "Bundles", numeric: true },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue");
  return { collections: await listCollections(context.db, context.storeId), notice: merchandisingNoticeOf(new URL(request.url)) };
}

export default function AdminCollections({ loaderData }: Route.ComponentProps) {
  const { collections, notice } = loaderData;
  return (
    <AdminPage
      title="Collections"
      intro={<p>Lists of products and bundles in your order. One may be featured on the home page; any may be linked in the navigation bar.</p>}
    >
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <p>
        <Link to="/admin/collections/new" className="inline-block rounded bg-button px-4 py-2 font-medium text-button-ink">
          New collection
        </Link>
      </p>
      {collections.length === 0 ? (
        <p>No collections yet.</p>
      ) : (
        <AdminTable label="Collections" minWidth="40rem" columns={COLUMNS}>
          {collections.map((collection) => (
            <tr key={collection.id} className="border-b border-black/10 align-top">
              <th scope="row" className="px-3 py-2">
                <Link to={`/admin/collections/${collection.id}`} className="font-semibold underline">
                  {collection.title}
                </Link>
              </th>
              <td className="px-3 py-2">{collection.handle}</td>
              <td className="px-3 py-2">{collection.featured ? "Featured" : ""}</td>
              <td className="px-3 py-2">{collection.inNavigation ? "Linked" : ""}</td>
              <td className="px-3 py-2 text-right">{collection.productCount}</td>
              <td className="px-3 py-2 text-right">{collection.bundleCount}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
