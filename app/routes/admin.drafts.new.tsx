import { Form, Link } from "react-router";
import { TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminErrorBoundary, adminMeta, AdminPage, AdminSection, RecordIntro } from "~/components/admin/admin-page";
import { DraftOrderForm } from "~/components/admin/draft-order-form";
import { draftFormAction, draftFormChoices, getDeskCustomer, listDeskCustomers, requireStaffPage } from "./admin.drafts.server";
import type { Route } from "./+types/admin.drafts.new";

export const meta = () => adminMeta("New draft order");

/** Line rows a new draft offers: a phone order is a few lines; more are added on the draft once it is saved. */
const NEW_ROWS = 3;
const FOUND = 8;

/** The customers a search finds (by name, email or tag), and the one picked, whose email and name fill the form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "orders");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const key = url.searchParams.get("customer");
  const [choices, found, picked] = await Promise.all([
    draftFormChoices(context.db, context.storeId),
    q ? listDeskCustomers(context.db, context.storeId, { q, limit: FOUND }).then((page) => page.customers) : Promise.resolve(null),
    key ? getDeskCustomer(context.db, context.storeId, key).catch(() => null) : Promise.resolve(null),
  ]);
  return { ...choices, q, found, picked: picked ? { email: picked.email, name: picked.name } : null };
}

export const action = ({ request, context }: Route.ActionArgs) => draftFormAction(context, request, null);

export default function NewDraft({ loaderData, actionData }: Route.ComponentProps) {
  const { products, shippingOptions, q, found, picked } = loaderData;
  const values = actionData?.values ?? (picked ? { email: picked.email, customer_name: picked.name } : {});
  return (
    <AdminPage title="New draft order" intro={<RecordIntro list="/admin/drafts" listLabel="All draft orders" />}>
      <AdminSection title="Find a customer">
        <Form method="get" className="grid items-end gap-3 sm:grid-cols-[1fr_auto]">
          <TextField label="Name, email or tag" name="q" type="search" defaultValue={q} />
          <AdminButton weight="secondary">Search customers</AdminButton>
        </Form>
        {found === null ? (
          <p className="mt-3 text-sm">Or type a new customer&apos;s email and name below.</p>
        ) : found.length === 0 ? (
          <p className="mt-3">No customer matches; type their email and name below.</p>
        ) : (
          <ul aria-label="Customers found" className="mt-3 flex flex-col gap-1">
            {found.map((customer) => (
              <li key={customer.key}>
                <Link to={`/admin/drafts/new?customer=${encodeURIComponent(customer.key)}`} className="underline">
                  {`Use ${customer.name || customer.email} <${customer.email}>`}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </AdminSection>
      <DraftOrderForm
        key={JSON.stringify(values)}
        values={values}
        rows={NEW_ROWS}
        products={products}
        shippingOptions={shippingOptions}
        errors={actionData?.errors ?? []}
        submitLabel="Save draft"
      />
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
