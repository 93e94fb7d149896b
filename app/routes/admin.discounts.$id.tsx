import { Form } from "react-router";
import { formatMoney } from "@core/money";
import { FormMessage } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminErrorBoundary, adminMeta, AdminPage, AdminSection, RecordIntro } from "~/components/admin/admin-page";
import { ConfirmLink, ConfirmStep } from "~/components/admin/confirm-step";
import { DISCOUNT_NOTICES, draftOfDiscount, STATE_LABELS } from "~/components/admin/discount-draft";
import { DiscountForm } from "~/components/admin/discount-form";
import { discountFormAction, discountIdOf, foundOrNotFound, getDiscountRecord, requireStaffPage } from "./admin.discounts.server";
import type { Route } from "./+types/admin.discounts.$id";

export const meta = ({ data: loaded }: Route.MetaArgs) => adminMeta(loaded ? `Discount: ${loaded.discount.code}` : "Discount");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "discounts");
  const url = new URL(request.url);
  const discount = await foundOrNotFound(getDiscountRecord(context.db, context.storeId, discountIdOf(params)));
  return { discount, draft: draftOfDiscount(discount), notice: DISCOUNT_NOTICES.of(url), confirmEnd: url.searchParams.has("end") };
}

export const action = ({ request, context, params }: Route.ActionArgs) => discountFormAction(context, request, discountIdOf(params));

export default function EditDiscount({ loaderData, actionData }: Route.ComponentProps) {
  const { discount, notice, confirmEnd } = loaderData;
  const draft = actionData?.draft ?? loaderData.draft;
  const path = `/admin/discounts/${discount.id}`;
  const ended = discount.state === "ended";
  return (
    <AdminPage
      title={discount.code}
      intro={
        <RecordIntro list="/admin/discounts" listLabel="All discounts">
          {STATE_LABELS[discount.state]} · used by {discount.used} paid {discount.used === 1 ? "order" : "orders"} (limit {discount.maxRedemptions}) ·
          revenue {formatMoney(discount.revenueCents)} ·{" "}
        </RecordIntro>
      }
    >
      {notice && !actionData ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {actionData && !actionData.draft && actionData.errors[0] ? <FormMessage tone="error">{actionData.errors[0].error}</FormMessage> : null}
      <DiscountForm key={JSON.stringify(draft)} draft={draft} errors={actionData?.draft ? actionData.errors : []} submitLabel="Save discount" />
      {ended ? (
        <AdminSection title="Ended">
          <p>Shoppers can no longer use this code. Make a new discount to offer it again.</p>
        </AdminSection>
      ) : (
        <AdminSection title="Pause or end">
          <Form method="post">
            {discount.state === "paused" ? (
              <AdminButton name="intent" value="resume" weight="secondary">
                Resume discount
              </AdminButton>
            ) : (
              <AdminButton name="intent" value="pause" weight="secondary">
                Pause discount
              </AdminButton>
            )}
          </Form>
          {confirmEnd ? (
            <ConfirmStep
              question={`End the discount ${discount.code}? Shoppers can no longer use it, and it cannot be resumed.`}
              intent="end"
              id={discount.id}
              confirmLabel="End discount"
              cancelTo={path}
            />
          ) : (
            <ConfirmLink to={`${path}?end`} label="End the discount" target={discount.code} />
          )}
        </AdminSection>
      )}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
