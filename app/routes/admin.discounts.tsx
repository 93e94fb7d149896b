import { Form } from "react-router";
import { formatMoney } from "@core/money";
import { FormMessage, TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminTable, NewRecordLink, RowLink } from "~/components/admin/admin-list";
import { AdminErrorBoundary, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { DISCOUNT_NOTICES, STATE_LABELS, termsOf } from "~/components/admin/discount-draft";
import { placeErrors } from "~/lib/form-error";
import { getWelcomeOffer, listDiscounts, requireStaffPage, welcomeOfferAction } from "./admin.discounts.server";
import type { Route } from "./+types/admin.discounts";

export const meta = () => adminMeta("Discounts");

const COLUMNS = [{ label: "Code" }, { label: "Terms" }, { label: "Status" }, { label: "Used", numeric: true }, { label: "Revenue", numeric: true }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "discounts");
  const [discounts, welcome] = await Promise.all([listDiscounts(context.db, context.storeId), getWelcomeOffer(context.db, context.storeId)]);
  return { discounts, welcome, notice: DISCOUNT_NOTICES.of(new URL(request.url)) };
}

export const action = ({ request, context }: Route.ActionArgs) => welcomeOfferAction(context, request);

export default function AdminDiscounts({ loaderData, actionData }: Route.ComponentProps) {
  const { discounts, welcome, notice } = loaderData;
  const placed = placeErrors(actionData?.errors, ["welcome_percentage"]);
  return (
    <AdminPage title="Discounts" intro={<p>Codes shoppers type in the cart or at checkout, and the welcome popup&apos;s first-order offer.</p>}>
      {notice && !actionData ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <NewRecordLink to="/admin/discounts/new">New discount</NewRecordLink>
      {discounts.length === 0 ? (
        <p>No discount codes yet.</p>
      ) : (
        <AdminTable label="Discount codes" minWidth="36rem" columns={COLUMNS}>
          {discounts.map((discount) => (
            <tr key={discount.id} className="border-b border-black/10 align-top">
              <RowLink to={`/admin/discounts/${discount.id}`} longName>{discount.code}</RowLink>
              <td className="px-3 py-2">{termsOf(discount)}</td>
              <td className="px-3 py-2">{STATE_LABELS[discount.state]}</td>
              <td className="px-3 py-2 text-right">{`${discount.used} of ${discount.maxRedemptions}`}</td>
              <td className="px-3 py-2 text-right">{formatMoney(discount.revenueCents)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      <AdminSection title="Welcome popup">
        <p className="mb-4">
          Each new subscriber from the popup gets a personal code for their first order. Codes sent: {welcome.codesSent}; used: {welcome.codesUsed}.
        </p>
        <Form method="post" className="flex flex-col gap-4">
          {placed.form ? <FormMessage tone="error">{placed.form}</FormMessage> : null}
          <label className="flex items-center gap-2">
            <input type="checkbox" name="welcome_enabled" defaultChecked={welcome.enabled} className="size-5 shrink-0" />
            Offer a discount for signing up (off: the popup offers the newsletter alone)
          </label>
          <div className="max-w-xs">
            <TextField
              label="Percentage off the first order"
              name="welcome_percentage"
              inputMode="numeric"
              defaultValue={String(welcome.percentage)}
              error={placed.at.welcome_percentage}
              autoComplete="off"
            />
          </div>
          <div>
            <AdminButton>Save welcome offer</AdminButton>
          </div>
        </Form>
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
