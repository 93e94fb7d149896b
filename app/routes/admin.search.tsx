/**
 * The back office's search (issue 37): reached from every screen's header (`/` puts the cursor there), it finds orders,
 * customers and products at once, each kind only for a role that may open it, with the way to the whole list.
 */
import { data, Link } from "react-router";
import { z } from "zod";
import { formatMoney } from "@core/money";
import { listSearch } from "@core/schemas/fields";
import { AdminErrorBoundary, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { staffStatusLabel } from "~/components/admin/order-status";
import { requireStaffPage, searchBackOffice } from "./admin.search.server";
import type { Route } from "./+types/admin.search";

export const meta = () => adminMeta("Search");

const searchQuerySchema = z.object({ q: listSearch });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { member } = await requireStaffPage(context, request, "own-account");
  const parsed = searchQuerySchema.safeParse({ q: new URL(request.url).searchParams.get("q") ?? undefined });
  if (!parsed.success) return data({ q: "", found: null, error: parsed.error.issues[0].message }, { status: 400 });
  const q = parsed.data.q?.trim() ?? "";
  return { q, found: q ? await searchBackOffice(context.db, context.storeId, member.role, q) : null, error: null };
}

/** One kind's matches, and the list that has them all. */
function Matches({ title, all, count, children }: { title: string; all: string; count: number; children: React.ReactNode }) {
  return (
    <AdminSection title={title}>
      {count === 0 ? <p>None found.</p> : <ul className="flex flex-col gap-2">{children}</ul>}
      <p className="mt-3">
        <Link to={all} className="underline">
          {`All matching ${title.toLowerCase()}`}
        </Link>
      </p>
    </AdminSection>
  );
}

export default function AdminSearch({ loaderData }: Route.ComponentProps) {
  const { q, found, error } = loaderData;
  const asked = `?${new URLSearchParams({ q })}`;
  return (
    <AdminPage
      title="Search"
      intro={
        <p className="wrap-anywhere">
          {q ? `Matches for “${q}”: ` : ""}orders by number, email or name; customers by name, email or tag; products by title, handle or SKU.
        </p>
      }
    >
      {error ? <p role="alert">{error}</p> : null}
      {!found ? <p>Type what you are looking for in the search box at the top of every screen (press / to go there).</p> : null}
      {found?.orders ? (
        <Matches title="Orders" all={`/admin/orders${asked}`} count={found.orders.length}>
          {found.orders.map((order) => (
            <li key={order.number} className="wrap-break-word">
              <Link to={`/admin/orders/${order.number}`} className="font-semibold underline">{`Order #${order.number}`}</Link>
              {` · ${order.customerName} <${order.email}> · ${formatMoney(order.totalCents)} · ${staffStatusLabel(order.status)}`}
            </li>
          ))}
        </Matches>
      ) : null}
      {found?.customers ? (
        <Matches title="Customers" all={`/admin/customers${asked}`} count={found.customers.length}>
          {found.customers.map((customer) => (
            <li key={customer.key} className="wrap-break-word">
              <Link to={`/admin/customers/${customer.key}`} className="font-semibold underline">
                {customer.name || customer.email}
              </Link>
              {` · ${customer.email} · ${customer.orderCount === 1 ? "1 order" : `${customer.orderCount} orders`}`}
            </li>
          ))}
        </Matches>
      ) : null}
      {found?.products ? (
        <Matches title="Products" all={`/admin/products${asked}`} count={found.products.length}>
          {found.products.map((product) => (
            <li key={product.id} className="wrap-break-word">
              <Link to={`/admin/products/${product.id}`} className="font-semibold underline">
                {product.title}
              </Link>
              {` · ${product.handle} · ${product.status}`}
            </li>
          ))}
        </Matches>
      ) : null}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
