import { formatMoney } from "@core/money";
import { RowLink } from "~/components/admin/admin-list";
import { AdminErrorBoundary, adminMeta } from "~/components/admin/admin-page";
import { MERCHANDISING_NOTICES } from "~/components/admin/bundle-notices";
import { MerchandiseList } from "~/components/admin/merchandise-screens";
import { listBundles, requireStaffPage } from "./admin.bundles.server";
import type { Route } from "./+types/admin.bundles";

export const meta = () => adminMeta("Bundles");

const COLUMNS = [{ label: "Bundle" }, { label: "Address" }, { label: "Products", numeric: true }, { label: "Price", numeric: true }, { label: "Listed on product pages" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue");
  return { bundles: await listBundles(context.db, context.storeId), notice: MERCHANDISING_NOTICES.of(new URL(request.url)) };
}

export default function AdminBundles({ loaderData }: Route.ComponentProps) {
  const { bundles, notice } = loaderData;
  return (
    <MerchandiseList noun="bundle" intro="Products sold together at one price, each on its own page." notice={notice} empty={bundles.length === 0} minWidth="36rem" columns={COLUMNS}>
      {bundles.map((bundle) => (
        <tr key={bundle.id} className="border-b border-black/10 align-top">
          <RowLink to={`/admin/bundles/${bundle.id}`}>{bundle.title}</RowLink>
          <td className="px-3 py-2">/bundles/{bundle.handle}</td>
          <td className="px-3 py-2 text-right">{bundle.productCount}</td>
          <td className="px-3 py-2 text-right">{formatMoney(bundle.priceCents)}</td>
          <td className="px-3 py-2">{bundle.isStandalone ? "No (standalone)" : "Yes"}</td>
        </tr>
      ))}
    </MerchandiseList>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
