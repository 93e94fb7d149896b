import { data } from "react-router";
import { formatMoney } from "@core/money";
import { orderListQuerySchema } from "@core/schemas/admin-orders";
import { TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { CustomerCell, listAddress, RowLink } from "~/components/admin/admin-list";
import { ExportedList, ListSearch, StatusTabs } from "~/components/admin/list-screen";
import { AdminErrorBoundary, adminMeta, AdminPage } from "~/components/admin/admin-page";
import { ORDER_TABS, staffStatusLabel } from "~/components/admin/order-status";
import { When } from "~/components/admin/when";
import { placeErrors } from "~/lib/form-error";
import { listDeskOrders, orderFilterOf, readList, requireStaffPage, shopTimeZone } from "./admin.orders.server";
import type { Route } from "./+types/admin.orders";

export const meta = () => adminMeta("Orders");

const PATH = "/admin/orders";
const FILTERS = ["status", "q", "from", "to", "cursor"] as const;

/** The list's checkboxes belong to this form, outside the table, so picking orders needs no script. */
const SLIPS_FORM = "packing-slips";

const ORDER_COLUMNS = [
  { label: "Select" },
  { label: "Order" },
  { label: "Placed" },
  { label: "Customer" },
  { label: "Status" },
  { label: "Items", numeric: true },
  { label: "Total", numeric: true },
];
const ORDER_TABLE = { label: "Orders", minWidth: "40rem", columns: ORDER_COLUMNS };

export async function loader({ request, context }: Route.LoaderArgs) {
  const [, timeZone] = await Promise.all([requireStaffPage(context, request, "orders"), shopTimeZone(context.db, context.storeId)]);
  const { asked, page, errors } = await readList(new URL(request.url), FILTERS, orderListQuerySchema, (query) =>
    listDeskOrders(context.db, context.storeId, orderFilterOf(query, timeZone)),
  );
  if (!page) return data({ asked, orders: [], nextCursor: null, errors }, { status: 400 });
  return { asked, orders: page.orders, nextCursor: page.nextCursor, errors };
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { asked, orders, nextCursor, errors } = loaderData;
  const placed = placeErrors(errors, FILTERS);
  const { cursor: _page, ...filters } = asked;
  return (
    <AdminPage title="Orders" intro={<p>Paid orders, newest first. Dates are the shop&apos;s days.</p>}>
      <StatusTabs label="Order status" tabs={ORDER_TABS} current={asked.status} addressOf={(status) => listAddress(PATH, { ...filters, status })} />

      <ListSearch label="Search orders" columns="sm:grid-cols-[2fr_1fr_1fr_auto]" refusal={placed.at.cursor ?? placed.at.status ?? placed.form}>
        {asked.status ? <input type="hidden" name="status" value={asked.status} /> : null}
        <TextField label="Number, email or name" name="q" type="search" defaultValue={asked.q} error={placed.at.q} />
        <TextField label="Placed from" name="from" type="date" defaultValue={asked.from} error={placed.at.from} />
        <TextField label="Placed to" name="to" type="date" defaultValue={asked.to} error={placed.at.to} />
      </ListSearch>

      <ExportedList
        noun="orders"
        pages="Order pages"
        path={PATH}
        asked={asked}
        empty={orders.length === 0}
        nextCursor={nextCursor}
        table={ORDER_TABLE}
        alsoExport={[{ path: "/admin/order-lines", noun: "orders' lines" }]}
        afterTable={
          <form id={SLIPS_FORM} method="get" action="/admin/orders/slips" className="mt-3">
            <AdminButton weight="secondary">Print packing slips</AdminButton>
            <span className="ml-3 text-sm">for the orders selected</span>
          </form>
        }
      >
        {orders.map((order) => (
          <tr key={order.number} className="border-b border-black/10 align-top">
            <td className="px-3 py-2">
              <input type="checkbox" name="number" value={order.number} form={SLIPS_FORM} aria-label={`Select order #${order.number}`} className="size-5" />
            </td>
            <RowLink to={`${PATH}/${order.number}`}>#{order.number}</RowLink>
            <td className="px-3 py-2 whitespace-nowrap">
              <When at={order.createdAt} />
            </td>
            <CustomerCell name={order.customerName} email={order.email} />
            <td className="px-3 py-2">{staffStatusLabel(order.status)}</td>
            <td className="px-3 py-2 text-right">{order.itemCount}</td>
            <td className="px-3 py-2 text-right whitespace-nowrap">
              {formatMoney(order.totalCents)}
              {order.refundedCents > 0 ? <span className="block text-black/70">{formatMoney(order.refundedCents)} refunded</span> : null}
            </td>
          </tr>
        ))}
      </ExportedList>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
