import { RowLink } from "~/components/admin/admin-list";
import { AdminErrorBoundary, adminMeta } from "~/components/admin/admin-page";
import { MERCHANDISING_NOTICES } from "~/components/admin/bundle-notices";
import { MerchandiseList } from "~/components/admin/merchandise-screens";
import { listCollections, requireStaffPage } from "./admin.collections.server";
import type { Route } from "./+types/admin.collections";

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
  return { collections: await listCollections(context.db, context.storeId), notice: MERCHANDISING_NOTICES.of(new URL(request.url)) };
}

export default function AdminCollections({ loaderData }: Route.ComponentProps) {
  const { collections, notice } = loaderData;
  return (
    <MerchandiseList
      noun="collection"
      intro="Lists of products and bundles in your order. One may be featured on the home page; any may be linked in the navigation bar."
      notice={notice}
      empty={collections.length === 0}
      minWidth="40rem"
      columns={COLUMNS}
    >
      {collections.map((collection) => (
        <tr key={collection.id} className="border-b border-black/10 align-top">
          <RowLink to={`/admin/collections/${collection.id}`}>{collection.title}</RowLink>
          <td className="px-3 py-2">{collection.handle}</td>
          <td className="px-3 py-2">{collection.featured ? "Featured" : ""}</td>
          <td className="px-3 py-2">{collection.inNavigation ? "Linked" : ""}</td>
          <td className="px-3 py-2 text-right">{collection.productCount}</td>
          <td className="px-3 py-2 text-right">{collection.bundleCount}</td>
        </tr>
      ))}
    </MerchandiseList>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
