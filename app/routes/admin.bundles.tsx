import { Link } from "react-router";
import { formatMoney } from "@core/money";
import { FormMessage } from "~/components/account/form-parts";
import { AdminTable } from "~/components/admin/admin-list";
import { AdminErrorBoundary, adminHeaders, adminMeta, AdminPage } from "~/components/admin/admin-page";
import { merchandisingNoticeOf } from "~/components/admin/bundle-notices";
import { listBundles, requireStaffPage } from "./admin.bundles.server";
import type { Route } from "./+types/admin.bundles";

export const headers = adminHeaders;
export const meta = () => adminMeta("Bundles");

const COLUMNS = [{ label: "Bundle" }, { label: "Address" }, { label: "Products", numeric: true }, { label: "Price", numeric: true }, { label: "Listed on product pages" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue");
  return { bundles: await listBundles(context.db, context.storeId), notice: merchandisingNoticeOf(new URL(request.url)) };
}

export default function AdminBundles({ loaderData }: Route.ComponentProps) {
  const { bundles, notice } = loaderData;
  return (
    <AdminPage title="Bundles" intro={<p>Products sold together at one price, each on its own page.</p>}>
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <p>
        <Link to="/admin/bundles/new" className="inline-block rounded bg-button px-4 py-2 font-medium text-button-ink">
          New bundle
        </Link>
      </p>
      {bundles.length === 0 ? (
        <p>No bundles yet.</p>
      ) : (
        <AdminTable label="Bundles" minWidth="36rem" columns={COLUMNS}>
          {bundles.map((bundle) => (
            <tr key={bundle.id} className="border-b border-black/10 align-top">
              <th scope="row" className="px-3 py-2">
                <Link to={`/admin/bundles/${bundle.id}`} className="font-semibold underline">
                  {bundle.title}
                </Link>
              </th>
              <td className="px-3 py-2">/bundles/{bundle.handle}</td>
              <td className="px-3 py-2 text-right">{bundle.productCount}</td>
              <td className="px-3 py-2 text-right">{formatMoney(bundle.priceCents)}</td>
              <td className="px-3 py-2">{bundle.isStandalone ? "No (standalone)" : "Yes"}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
