/**
 * Packing slips for one or many orders, to print: one slip per printed page, nothing of the back office on paper.
 * The page sits outside the back office's layout (no navigation to hide), and its own few tools are for the screen.
 */
import { data, Link } from "react-router";
import { packingSlipsQuerySchema } from "@core/schemas/admin-orders";
import { FormMessage } from "~/components/account/form-parts";
import { AdminTable } from "~/components/admin/admin-list";
import { ADMIN_PAGE_HEADERS, adminHeaders, adminMeta, AdminErrorBoundary } from "~/components/admin/admin-page";
import { ShippingAddress } from "~/components/admin/order-parts";
import { OWNER_LAYOUT } from "~/components/layout/owner-layout";
import { useOrderDate } from "~/lib/order-format";
import { useShop } from "~/lib/use-shop";
import { isRefusal, packingSlips, requireStaffPage } from "./admin.orders.slips.server";
import type { Route } from "./+types/admin.orders.slips";

export const handle = OWNER_LAYOUT;
export const headers = adminHeaders;
export const meta = () => adminMeta("Packing slips");

const SLIP_COLUMNS = [{ label: "Quantity" }, { label: "Item" }, { label: "SKU" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "orders");
  const asked = packingSlipsQuerySchema.safeParse({ number: new URL(request.url).searchParams.getAll("number") });
  if (!asked.success) return data({ slips: [], error: asked.error.issues[0].message }, { status: 400, headers: ADMIN_PAGE_HEADERS });
  try {
    return { slips: await packingSlips(context.db, context.storeId, asked.data.number), error: null };
  } catch (error) {
    if (isRefusal(error, "not-found")) return data({ slips: [], error: error.message }, { status: 404, headers: ADMIN_PAGE_HEADERS });
    throw error;
  }
}

export default function PackingSlips({ loaderData }: Route.ComponentProps) {
  const orderDate = useOrderDate();
  const { slips, error } = loaderData;
  const { settings } = useShop();
  const single = slips.length === 1 ? slips[0].number : null;
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-8 print:max-w-none print:p-0">
      <div className="mb-8 flex flex-col gap-3 print:hidden">
        <h1 className="text-3xl font-semibold">{single ? `Packing slip for order #${single}` : `Packing slips (${slips.length})`}</h1>
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <p className="flex flex-wrap gap-4">
          {slips.length > 0 ? (
            <button type="button" onClick={() => window.print()} className="rounded bg-ink px-4 py-2 font-medium text-white">
              Print
            </button>
          ) : null}
          <Link to={single ? `/admin/orders/${single}` : "/admin/orders"} className="self-center underline">
            {single ? `Back to order #${single}` : "Back to the orders"}
          </Link>
        </p>
      </div>
      {slips.map((slip) => (
        <article key={slip.number} aria-labelledby={`slip-${slip.number}`} className="packing-slip break-after-page border-t border-black/20 py-6 last:break-after-auto print:border-0 print:py-0">
          <header className="flex flex-wrap items-center justify-between gap-4">
            <p className="flex items-center gap-3 text-xl font-semibold">
              <img src={settings.logo.url} alt="" width={140} height={40} className="h-10 w-auto" />
              {settings.websiteTitle}
            </p>
            <div className="text-right">
              <h2 id={`slip-${slip.number}`} className="text-2xl font-semibold">
                Packing slip · Order #{slip.number}
              </h2>
              <p>Placed {orderDate(slip.placedAt.toISOString())}</p>
            </div>
          </header>
          <section className="mt-6" aria-label="Ship to">
            <h3 className="font-semibold">Ship to</h3>
            <ShippingAddress address={slip.shippingAddress} />
            <p className="mt-1 text-sm">Shipping: {slip.shippingOption}</p>
          </section>
          <div className="mt-6">
            <AdminTable label={`Items in order #${slip.number}`} minWidth="0" columns={SLIP_COLUMNS}>
              {slip.lines.map((line) => (
                <tr key={line.id} className="border-b border-black/15 align-top">
                  <td className="px-3 py-2 text-lg font-semibold">{line.quantity}</td>
                  <td className="px-3 py-2">
                    <p className="font-medium">{line.title}</p>
                    {line.options ? <p>{line.options}</p> : null}
                    {line.contents.length > 0 ? (
                      <ul aria-label={`In each ${line.title}`} className="list-inside list-disc">
                        {line.contents.map((item) => (
                          <li key={item.sku}>
                            {item.text} <span className="text-sm">(SKU {item.sku})</span>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">{line.sku}</td>
                </tr>
              ))}
            </AdminTable>
          </div>
        </article>
      ))}
    </main>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
