import { Link } from "react-router";
import { formatMoney } from "@core/money";
import { FormMessage } from "~/components/account/form-parts";
import { AdminTable, CustomerCell, NewRecordLink, RowLink } from "~/components/admin/admin-list";
import { AdminErrorBoundary, adminMeta, AdminPage } from "~/components/admin/admin-page";
import { DRAFT_NOTICES } from "~/components/admin/draft-notices";
import { DRAFT_STATUS_LABELS } from "~/components/admin/draft-order-form";
import { When } from "~/components/admin/when";
import { listDrafts, requireStaffPage } from "./admin.drafts.server";
import { draftName } from "@core/drafts";
import type { Route } from "./+types/admin.drafts";

export const meta = () => adminMeta("Draft orders");

const COLUMNS = [{ label: "Draft" }, { label: "Customer" }, { label: "Total", numeric: true }, { label: "Status" }, { label: "Created" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "orders");
  return { drafts: await listDrafts(context.db, context.storeId), notice: DRAFT_NOTICES.of(new URL(request.url)) };
}

export default function AdminDrafts({ loaderData }: Route.ComponentProps) {
  const { drafts, notice } = loaderData;
  return (
    <AdminPage
      title="Draft orders"
      intro={<p>Orders you build for a customer (taken by phone, or for a business): email them a payment link, or mark them paid when they pay another way.</p>}
    >
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <NewRecordLink to="/admin/drafts/new">New draft order</NewRecordLink>
      {drafts.length === 0 ? (
        <p>No draft orders yet.</p>
      ) : (
        <AdminTable label="Draft orders" minWidth="36rem" columns={COLUMNS}>
          {drafts.map((draft) => (
            <tr key={draft.id} className="border-b border-black/10 align-top">
              <RowLink to={`/admin/drafts/${draft.id}`}>{draftName(draft.id)}</RowLink>
              <CustomerCell name={draft.customerName} email={draft.email} />
              <td className="px-3 py-2 text-right">{formatMoney(draft.totalCents)}</td>
              <td className="px-3 py-2">
                {draft.status === "paid" && draft.orderNumber !== null ? (
                  <>
                    {"Paid → "}
                    <Link to={`/admin/orders/${draft.orderNumber}`} className="underline">
                      order #{draft.orderNumber}
                    </Link>
                  </>
                ) : (
                  DRAFT_STATUS_LABELS[draft.status]
                )}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                <When at={draft.createdAt} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
