import { data, Link } from "react-router";
import { formatMoney } from "@core/money";
import { customerIdParamsSchema } from "@core/schemas/admin-orders";
import { AdminErrorBoundary, ADMIN_PAGE_HEADERS, adminHeaders, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { staffStatusLabel } from "~/components/admin/order-status";
import { When } from "~/components/admin/when";
import { getDeskCustomer, HttpError, requireStaffPage } from "./admin.customers.$id.server";
import type { Route } from "./+types/admin.customers.$id";

export const headers = adminHeaders;
export const meta = () => adminMeta("Customer");

const NEWSLETTER_LABELS = { subscribed: "Subscribed", unsubscribed: "Unsubscribed", "not subscribed": "Not subscribed" } as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "customers");
  const parsed = customerIdParamsSchema.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
  try {
    return { customer: await getDeskCustomer(context.db, context.storeId, Number(parsed.data.id)) };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
    throw error;
  }
}

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  const { customer } = loaderData;
  const name = `${customer.firstName} ${customer.lastName}`.trim() || customer.email;
  return (
    <AdminPage
      title={name}
      intro={
        <p>
          <Link to="/admin/customers" className="underline">
            All customers
          </Link>
        </p>
      }
    >
      <AdminSection title="Account">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">Email</dt>
          <dd className="break-all">
            <a href={`mailto:${customer.email}`} className="underline">
              {customer.email}
            </a>
          </dd>
          <dt className="font-medium">Customer since</dt>
          <dd>
            <When at={customer.createdAt} />
          </dd>
          <dt className="font-medium">Orders</dt>
          <dd>{customer.orderCount}</dd>
          <dt className="font-medium">Total spent</dt>
          <dd>{formatMoney(customer.totalSpentCents)} (paid less refunded)</dd>
          <dt className="font-medium">Newsletter</dt>
          <dd>{NEWSLETTER_LABELS[customer.newsletter]}</dd>
        </dl>
      </AdminSection>

      <AdminSection title="Orders">
        {customer.orders.length === 0 ? (
          <p>No orders linked to this account.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-black/10">
            {customer.orders.map((order) => (
              <li key={order.number} className="flex flex-wrap justify-between gap-x-4 py-2">
                <Link to={`/admin/orders/${order.number}`} className="font-semibold underline">
                  Order #{order.number}
                </Link>
                <span>
                  <When at={order.placedAt} /> · {staffStatusLabel(order.status)} ·{" "}
                  {formatMoney(order.totalCents)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
