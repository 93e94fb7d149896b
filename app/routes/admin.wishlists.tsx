import { Link } from "react-router";
import { AdminTable } from "~/components/admin/admin-list";
import { AdminErrorBoundary, adminMeta, AdminPage } from "~/components/admin/admin-page";
import { requireStaffPage, wishedForProducts } from "./admin.wishlists.server";
import type { Route } from "./+types/admin.wishlists";

export const meta = () => adminMeta("Wishlists");

const COLUMNS = [
  { label: "Product" },
  { label: "Saved", numeric: true },
  { label: "Price-drop emails", numeric: true },
  { label: "Back-in-stock alerts waiting", numeric: true },
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue");
  return { products: await wishedForProducts(context.db, context.storeId) };
}

/** What shoppers want and are waiting for, most saved first; read only. */
export default function AdminWishlists({ loaderData }: Route.ComponentProps) {
  const { products } = loaderData;
  const waiting = products.reduce((total, product) => total + product.stockAlertsWaiting, 0);
  const watching = products.reduce((total, product) => total + product.priceWatchers, 0);
  return (
    <AdminPage
      title="Wishlists"
      intro={<p>The products shoppers saved most, who will be emailed when one gets cheaper, and the back-in-stock alerts waiting for a restock.</p>}
    >
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg bg-card p-4 shadow-sm">
          <dt className="text-sm">Back-in-stock alerts waiting</dt>
          <dd className="text-3xl font-semibold">{waiting}</dd>
        </div>
        <div className="rounded-lg bg-card p-4 shadow-sm">
          <dt className="text-sm">Price-drop emails asked for</dt>
          <dd className="text-3xl font-semibold">{watching}</dd>
        </div>
      </dl>
      {products.length === 0 ? (
        <p>No product is saved or awaited yet.</p>
      ) : (
        <AdminTable label="Most wished for" minWidth="36rem" columns={COLUMNS}>
          {products.map((product) => (
            <tr key={product.handle} className="border-b border-black/10">
              <th scope="row" className="px-3 py-2 font-normal">
                <Link to={`/admin/inventory?q=${encodeURIComponent(product.title)}`} className="font-medium underline">
                  {product.title}
                </Link>
              </th>
              <td className="px-3 py-2 text-right">{product.saves}</td>
              <td className="px-3 py-2 text-right">{product.priceWatchers}</td>
              <td className="px-3 py-2 text-right">{product.stockAlertsWaiting}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
