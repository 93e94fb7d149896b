import { data, Form, Link, redirect } from "react-router";
import { formatMoney } from "@core/money";
import { customerKeyParamsSchema, customerProfileSchema, tagsOfField } from "@core/schemas/admin-customers";
import { SUBSCRIPTION_STATUS_LABELS } from "@core/subscriptions";
import { FormMessage, LabelledField, TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminErrorBoundary, ADMIN_PAGE_HEADERS, adminMeta, AdminPage, AdminSection, RecordIntro } from "~/components/admin/admin-page";
import { NOTICES } from "~/components/admin/notices";
import { staffStatusLabel } from "~/components/admin/order-status";
import { When } from "~/components/admin/when";
import { placeErrors } from "~/lib/form-error";
import { formFailure, formValues, foundOrNotFound, getDeskCustomer, requireStaffPage, saveCustomerProfile } from "./admin.customers.$id.server";
import type { Route } from "./+types/admin.customers.$id";

export const meta = () => adminMeta("Customer");

const NEWSLETTER_LABELS = { subscribed: "Subscribed", unsubscribed: "Unsubscribed", "not subscribed": "Not subscribed" } as const;
const FIELDS = ["notes", "tags"] as const;

function keyOf(params: { id?: string }): string {
  const parsed = customerKeyParamsSchema.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
  return parsed.data.id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "customers");
  return { customer: await foundOrNotFound(getDeskCustomer(context.db, context.storeId, keyOf(params))), notice: NOTICES.of(new URL(request.url)) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaffPage(context, request, "customers");
  const key = keyOf(params);
  const values = formValues(await request.formData(), FIELDS);
  try {
    await foundOrNotFound(saveCustomerProfile(context.db, actor, key, customerProfileSchema.parse({ notes: values.notes, tags: tagsOfField(values.tags) })));
    return redirect(NOTICES.onto(`/admin/customers/${key}`, "customer-saved"));
  } catch (error) {
    const failure = formFailure(error, values, "The notes could not be saved; please try again in a moment");
    // The tags are one field on the page: a refusal of any one of them is that field's.
    const errors = failure.errors.map((body) => (body.field?.startsWith("tags") ? { ...body, field: "tags" } : body));
    return data({ ...failure, errors }, { status: failure.status, headers: ADMIN_PAGE_HEADERS });
  }
}

/** The customer's orders or subscriptions: each a link to its own screen, when it was placed or started, and its state. */
function RecordLinks({ empty, records }: { empty: string; records: { id: number; to: string; label: string; at: Date; detail: string }[] }) {
  if (records.length === 0) return <p>{empty}</p>;
  return (
    <ul className="flex flex-col divide-y divide-black/10">
      {records.map((record) => (
        <li key={record.id} className="flex flex-wrap justify-between gap-x-4 py-2">
          <Link to={record.to} className="font-semibold underline">
            {record.label}
          </Link>
          <span>
            <When at={record.at} /> · {record.detail}
          </span>
        </li>
      ))}
    </ul>
  );
}

export default function AdminCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, notice } = loaderData;
  const placed = placeErrors(actionData?.errors ?? [], FIELDS);
  const kept = (name: (typeof FIELDS)[number], saved: string) => actionData?.values[name] ?? saved;
  return (
    <AdminPage title={customer.name || customer.email} intro={<RecordIntro list="/admin/customers" listLabel="All customers" />}>
      {notice && !actionData ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <AdminSection title="Customer">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">Email</dt>
          <dd className="break-all">
            <a href={`mailto:${customer.email}`} className="underline">
              {customer.email}
            </a>
          </dd>
          <dt className="font-medium">Account</dt>
          <dd>{customer.accountId === null ? "Guest (no account)" : "Signed up"}</dd>
          <dt className="font-medium">Customer since</dt>
          <dd>
            <When at={customer.since} />
          </dd>
          <dt className="font-medium">Orders</dt>
          <dd>{customer.orderCount}</dd>
          <dt className="font-medium">Total spent</dt>
          <dd>{formatMoney(customer.totalSpentCents)} (paid less refunded)</dd>
          <dt className="font-medium">First order</dt>
          <dd>{customer.firstOrderAt ? <When at={customer.firstOrderAt} /> : "None"}</dd>
          <dt className="font-medium">Last order</dt>
          <dd>{customer.lastOrderAt ? <When at={customer.lastOrderAt} /> : "None"}</dd>
          <dt className="font-medium">Newsletter</dt>
          <dd>{NEWSLETTER_LABELS[customer.newsletter]}</dd>
        </dl>
      </AdminSection>

      <AdminSection title="Notes and tags">
        <Form method="post" className="flex flex-col gap-3">
          <LabelledField
            label="Notes for the staff"
            error={placed.at.notes}
            control={(control) => <textarea name="notes" rows={4} defaultValue={kept("notes", customer.notes)} {...control} />}
          />
          <TextField label="Tags, separated by commas" name="tags" defaultValue={kept("tags", customer.tags.join(", "))} error={placed.at.tags} />
          {placed.form ? <FormMessage tone="error">{placed.form}</FormMessage> : null}
          <div>
            <AdminButton weight="secondary">Save notes and tags</AdminButton>
          </div>
        </Form>
      </AdminSection>

      <AdminSection title="Orders">
        <RecordLinks
          empty="No orders yet."
          records={customer.orders.map((o) => ({ id: o.number, to: `/admin/orders/${o.number}`, label: `Order #${o.number}`, at: o.placedAt, detail: `${staffStatusLabel(o.status)} · ${formatMoney(o.totalCents)}` }))}
        />
      </AdminSection>

      <AdminSection title="Subscriptions">
        <RecordLinks
          empty="No subscriptions."
          records={customer.subscriptions.map((s) => ({ id: s.id, to: `/admin/subscriptions/${s.id}`, label: `Subscription #${s.id}`, at: s.startedAt, detail: SUBSCRIPTION_STATUS_LABELS[s.status] }))}
        />
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
