import { data, Form, Link } from "react-router";
import { formatMoney } from "@core/money";
import { orderListQuerySchema } from "@core/schemas/admin-orders";
import { TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminTable, listAddress, ListPages } from "~/components/admin/admin-list";
import { AdminErrorBoundary, adminHeaders, adminMeta, AdminPage } from "~/components/admin/admin-page";
import { ORDER_TABS, staffStatusLabel } from "~/components/admin/order-status";
import { When } from "~/components/admin/when";
import { placeErrors } from "~/lib/form-error";
import { HttpError, listDeskOrders, orderFilterOf, requireStaffPage } from "./admin.orders.server";
import type { Route } from "./+types/admin.orders";

export const headers = adminHeaders;
export const meta = () => adminMeta("Orders");

const PATH = "/admin/orders";
const FILTERS = ["status", "q", "from", "to", "cursor"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

const ORDER_COLUMNS = [
  { label: "Order" },
  { label: "Placed" },
  { label: "Customer" },
  { label: "Status" },
  { label: "Items", numeric: true },
  { label: "Total", numeric: true },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "orders");
  const params = new URL(request.url).searchParams;
  const asked = Object.fromEntries(FILTERS.map((name) => [name, params.get(name)?.trim() ?? ""])) as Filters;
  const parsed = orderListQuerySchema.safeParse(Object.fromEntries(Object.entries(asked).filter(([, value]) => value !== "")));
  const refused = (errors: { error: string; field?: string }[]) => data({ asked, orders: [], nextCursor: null, errors }, { status: 400 });
  if (!parsed.success) return refused(parsed.error.issues.map((issue) => ({ error: issue.message, field: String(issue.path[0]) })));
  const query = parsed.data;
  const filter = orderFilterOf(query);
  try {
    const page = await listDeskOrders(context.db, context.storeId, filter);
    return { asked, orders: page.orders, nextCursor: page.nextCursor, errors: [] };
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) return refused([{ error: error.message, field: error.field }]);
    throw error;
  }
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { asked, orders, nextCursor, errors } = loaderData;
  const placed = placeErrors(errors, FILTERS);
  const { cursor: _page, ...filters } = asked;
  const searched = Boolean(asked.q || asked.from || asked.to);
  return (
    <AdminPage title="Orders" intro={<p>Paid orders, newest first. Dates are UTC days.</p>}>
      <nav aria-label="Order status">
        <ul className="flex flex-wrap gap-2">
          {ORDER_TABS.map((tab) => (
            <li key={tab.status}>
              <Link
                to={listAddress(PATH, { ...filters, status: tab.status })}
                aria-current={asked.status === tab.status ? "page" : undefined}
                className="inline-block rounded-full border border-black/30 px-3 py-1.5 aria-[current=page]:border-ink aria-[current=page]:bg-ink aria-[current=page]:text-white"
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <Form method="get" role="search" aria-label="Search orders" className="grid items-end gap-4 rounded-lg bg-card p-4 shadow-sm sm:grid-cols-[2fr_1fr_1fr_auto] sm:p-6">
        {asked.status ? <input type="hidden" name="status" value={asked.status} /> : null}
        <TextField label="Number, email or name" name="q" type="search" defaultValue={asked.q} error={placed.at.q} />
        <TextField label="Placed from" name="from" type="date" defaultValue={asked.from} error={placed.at.from} />
        <TextField label="Placed to" name="to" type="date" defaultValue={asked.to} error={placed.at.to} />
        <AdminButton weight="secondary">Search</AdminButton>
        {placed.at.cursor || placed.at.status || placed.form ? (
          <p className="text-sm text-red-800 sm:col-span-4">{placed.at.cursor ?? placed.at.status ?? placed.form}</p>
        ) : null}
      </Form>

      <p>
        <a href={listAddress("/api/admin/orders.csv", filters)} download className="font-medium underline">
          Export these orders as CSV
        </a>
      </p>

      {orders.length === 0 ? (
        <p>{searched || asked.status ? "No orders match." : "No orders yet."}</p>
      ) : (
        <AdminTable label="Orders" minWidth="40rem" columns={ORDER_COLUMNS}>
          {orders.map((order) => (
            <tr key={order.number} className="border-b border-black/10 align-top">
              <th scope="row" className="px-3 py-2">
                <Link to={`${PATH}/${order.number}`} className="font-semibold underline">
                  #{order.number}
                </Link>
              </th>
              <td className="px-3 py-2 whitespace-nowrap">
                <When at={order.createdAt} />
              </td>
              <td className="px-3 py-2">
                {order.customerName}
                <span className="block break-all text-black/70">{order.email}</span>
              </td>
              <td className="px-3 py-2">{staffStatusLabel(order.status)}</td>
              <td className="px-3 py-2 text-right">{order.itemCount}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap">
                {formatMoney(order.totalCents)}
                {order.refundedCents > 0 ? <span className="block text-black/70">{formatMoney(order.refundedCents)} refunded</span> : null}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}

      <ListPages
        label="Order pages"
        noun="orders"
        newest={asked.cursor ? listAddress(PATH, filters) : undefined}
        older={nextCursor ? listAddress(PATH, { ...filters, cursor: nextCursor }) : undefined}
      />
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
