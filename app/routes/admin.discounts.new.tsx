import { AdminErrorBoundary, adminMeta, AdminPage, RecordIntro } from "~/components/admin/admin-page";
import { emptyDiscountDraft } from "~/components/admin/discount-draft";
import { DiscountForm } from "~/components/admin/discount-form";
import { discountFormAction, requireStaffPage } from "./admin.discounts.server";
import type { Route } from "./+types/admin.discounts.new";

export const meta = () => adminMeta("New discount");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "discounts");
  return null;
}

export const action = ({ request, context }: Route.ActionArgs) => discountFormAction(context, request, null);

export default function NewDiscount({ actionData }: Route.ComponentProps) {
  const draft = actionData?.draft ?? emptyDiscountDraft();
  return (
    <AdminPage
      title="New discount"
      intro={<RecordIntro list="/admin/discounts" listLabel="All discounts" />}
    >
      <DiscountForm key={JSON.stringify(draft)} draft={draft} errors={actionData?.errors ?? []} submitLabel="Create discount" />
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
