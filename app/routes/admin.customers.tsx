import { data, Form, Link } from "react-router";
import { formatMoney } from "@core/money";
import { customerListQuerySchema } from "@core/schemas/admin-orders";
import { TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminTable, listAddress, ListPages } from "~/components/admin/admin-list";
import { AdminErrorBoundary, adminHeaders, adminMeta, AdminPage } from "~/components/admin/admin-page";
import { When } from "~/components/admin/when";
import { placeErrors } from "~/lib/form-error";
import { HttpError, listDeskCustomers, requireStaffPage } from "./admin.customers.server";
import type { Route } from "./+types/admin.customers";

export const headers = adminHeaders;
export const meta = () => adminMeta("Customers");

const PATH = "/admin/customers";
const FILTERS = ["q", "cursor"] as const;
const CUSTOMER_COLUMNS = [{ label: "Customer" }, { label: "Since" }, { label: "Orders", numeric: true }, { label: "Spent", numeric: true }];


export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "customers");
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim() ?? "";
  const cursor = params.get("cursor")?.trim() || undefined;
  const refused = (errors: { error: string; field?: string }[]) => data({ q, cursor, customers: [], nextCursor: null, errors }, { status: 400 });
  const parsed = customerListQuerySchema.safeParse({ q: q || undefined, cursor });
  if (!parsed.success) return refused(parsed.error.issues.map((issue) => ({ error: issue.message, field: String(issue.path[0]) })));
  try {
    const page = await listDeskCustomers(context.db, context.storeId, parsed.data);
    return { q, cursor, customers: page.customers, nextCursor: page.nextCursor, errors: [] };
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) return refused([{ error: error.message, field: error.field }]);
    throw error;
  }
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { q, cursor, customers, nextCursor, errors } = loaderData;
  const placed = placeErrors(errors, FILTERS);
  return (
    <AdminPage title="Customers" intro={<p>Customer accounts, newest first, with the orders linked to them.</p>}>
      <Form method="get" role="search" aria-label="Search customers" className="grid items-end gap-4 rounded-lg bg-card p-4 shadow-sm sm:grid-cols-[1fr_auto] sm:p-6">
        <TextField label="Email or name" name="q" type="search" defaultValue={q} error={placed.at.q} />
        <AdminButton weight="secondary">Search</AdminButton>
        {placed.at.cursor || placed.form ? <p className="text-sm text-red-800 sm:col-span-2">{placed.at.cursor ?? placed.form}</p> : null}
      </Form>

      {customers.length === 0 ? (
        <p>{q ? "No customers match." : "No customer accounts yet."}</p>
      ) : (
        <AdminTable label="Customers" minWidth="36rem" columns={CUSTOMER_COLUMNS}>
          {customers.map((customer) => (
            <tr key={customer.id} className="border-b border-black/10 align-top">
              <th scope="row" className="px-3 py-2 font-normal">
                <Link to={`${PATH}/${customer.id}`} className="font-semibold underline">
                  {`${customer.firstName} ${customer.lastName}`.trim() || customer.email}
                </Link>
                <span className="block break-all text-black/70">{customer.email}</span>
              </th>
              <td className="px-3 py-2 whitespace-nowrap">
                <When at={customer.createdAt} />
              </td>
              <td className="px-3 py-2 text-right">{customer.orderCount}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap">{formatMoney(customer.totalSpentCents)}</td>
            </tr>
          ))}
        </AdminTable>
      )}

      <ListPages
        label="Customer pages"
        noun="customers"
        newest={cursor ? listAddress(PATH, { q }) : undefined}
        older={nextCursor ? listAddress(PATH, { q, cursor: nextCursor }) : undefined}
      />
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
