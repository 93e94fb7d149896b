import { data, Link } from "react-router";
import { formatMoney } from "@core/money";
import { customerListQuerySchema } from "@core/schemas/admin-customers";
import { TextField } from "~/components/account/form-parts";
import { ExportedList, ListSearch } from "~/components/admin/list-screen";
import { AdminErrorBoundary, adminMeta, AdminPage } from "~/components/admin/admin-page";
import { When } from "~/components/admin/when";
import { placeErrors } from "~/lib/form-error";
import { listDeskCustomers, readList, requireStaffPage } from "./admin.customers.server";
import type { Route } from "./+types/admin.customers";

export const meta = () => adminMeta("Customers");

const PATH = "/admin/customers";
const FILTERS = ["q", "cursor"] as const;
const CUSTOMER_COLUMNS = [{ label: "Customer" }, { label: "Orders", numeric: true }, { label: "Spent", numeric: true }, { label: "First order" }, { label: "Last order" }];
const CUSTOMER_TABLE = { label: "Customers", minWidth: "44rem", columns: CUSTOMER_COLUMNS };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "customers");
  const { asked, page, errors } = await readList(new URL(request.url), FILTERS, customerListQuerySchema, (query) => listDeskCustomers(context.db, context.storeId, query));
  if (!page) return data({ asked, customers: [], nextCursor: null, errors }, { status: 400 });
  return { asked, customers: page.customers, nextCursor: page.nextCursor, errors };
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { asked, customers, nextCursor, errors } = loaderData;
  const placed = placeErrors(errors, FILTERS);
  return (
    <AdminPage title="Customers" intro={<p>Everyone who bought or signed up, guests included, one per email, most recently active first.</p>}>
      <ListSearch label="Search customers" columns="sm:grid-cols-[1fr_auto]" refusal={placed.at.cursor ?? placed.form}>
        <TextField label="Name, email or tag" name="q" type="search" defaultValue={asked.q} error={placed.at.q} />
      </ListSearch>

      <ExportedList noun="customers" pages="Customer pages" path={PATH} asked={asked} empty={customers.length === 0} nextCursor={nextCursor} table={CUSTOMER_TABLE}>
        {customers.map((customer) => (
          <tr key={customer.key} className="border-b border-black/10 align-top">
            <th scope="row" className="px-3 py-2 font-normal">
              <Link to={`${PATH}/${customer.key}`} className="font-semibold underline">
                {customer.name || customer.email}
              </Link>
              <span className="block wrap-break-word text-black/70">
                {customer.email} · {customer.accountId === null ? "Guest" : "Account"}
              </span>
              {customer.tags.length > 0 ? <span className="block text-sm">Tags: {customer.tags.join(", ")}</span> : null}
            </th>
            <td className="px-3 py-2 text-right">{customer.orderCount}</td>
            <td className="px-3 py-2 text-right whitespace-nowrap">{formatMoney(customer.totalSpentCents)}</td>
            <td className="px-3 py-2 whitespace-nowrap">{customer.firstOrderAt ? <When at={customer.firstOrderAt} /> : "None"}</td>
            <td className="px-3 py-2 whitespace-nowrap">{customer.lastOrderAt ? <When at={customer.lastOrderAt} /> : "None"}</td>
          </tr>
        ))}
      </ExportedList>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
