/**
 * An order's open payment link (decision 0057): what it asks the customer for and since when, sent again on
 * request, or settled with a payment staff took another way (cash, a bank transfer), with a note.
 */
import { data, Form, redirect } from "react-router";
import { formatMoney } from "@core/money";
import { markPaidSchema } from "@core/schemas/admin-orders";
import { FormMessage } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminErrorBoundary, ADMIN_PAGE_HEADERS, adminMeta, AdminPage, AdminSection, RecordIntro } from "~/components/admin/admin-page";
import { NOTICES } from "~/components/admin/notices";
import { staffStatusLabel } from "~/components/admin/order-status";
import { PaidAnotherWayFields } from "~/components/admin/paid-another-way-fields";
import { When } from "~/components/admin/when";
import { placeErrors } from "~/lib/form-error";
import {
  formFailure,
  formValues,
  foundOrNotFound,
  getDeskOrder,
  HttpError,
  markOrderPaidAnotherWay,
  orderNumberOf,
  requireStaffPage,
  resendPaymentLink,
} from "./admin.orders.$number.payment.server";
import type { Route } from "./+types/admin.orders.$number.payment";

export const meta = ({ params }: Route.MetaArgs) => adminMeta(`Payment due on order #${params.number}`);

const FIELDS = ["paid_with", "note"] as const;
const PURPOSES = { edit: "the order's change", exchange: "an exchange", draft: "the draft order" } as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "orders");
  const { order, paymentDue } = await foundOrNotFound(getDeskOrder(context.db, context.storeId, orderNumberOf(params)));
  return { number: order.number!, status: order.status, paymentDue, notice: NOTICES.of(new URL(request.url)) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaffPage(context, request, "orders");
  const number = orderNumberOf(params);
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const values = formValues(form, FIELDS);
  try {
    if (intent === "resend") {
      await resendPaymentLink(context, context.storeId, actor, number);
      return redirect(NOTICES.onto(`/admin/orders/${number}/payment`, "payment-link-sent"));
    }
    if (intent === "mark-paid") {
      const paid = markPaidSchema.parse({ paid_with: values.paid_with, note: values.note || undefined });
      await markOrderPaidAnotherWay(context, context.storeId, actor, number, { paidWith: paid.paid_with, note: paid.note ?? null });
      return redirect(NOTICES.onto(`/admin/orders/${number}`, "order-marked-paid"));
    }
    throw new HttpError(400, "Unknown action");
  } catch (error) {
    const failure = formFailure(error, values, "The change could not be saved; please try again in a moment");
    return data({ ...failure, intent }, { status: failure.status, headers: ADMIN_PAGE_HEADERS });
  }
}

export default function AdminOrderPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { number, status, paymentDue, notice } = loaderData;
  const placed = placeErrors(actionData?.errors, FIELDS);
  return (
    <AdminPage
      title={`Payment due on order #${number}`}
      intro={
        <RecordIntro list={`/admin/orders/${number}`} listLabel={`Back to order #${number}`}>
          {staffStatusLabel(status)} ·{" "}
        </RecordIntro>
      }
    >
      {notice && !actionData ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {placed.form ? <FormMessage tone="error">{placed.form}</FormMessage> : null}
      {paymentDue ? (
        <>
          <AdminSection title="Payment link">
            <p>
              {formatMoney(paymentDue.amountCents)} for {PURPOSES[paymentDue.purpose as keyof typeof PURPOSES]}, asked <When at={paymentDue.askedAt} />. The
              order ships once it is paid.
            </p>
            <Form method="post" className="mt-4">
              <AdminButton name="intent" value="resend" weight="secondary">
                Email the link again
              </AdminButton>
            </Form>
          </AdminSection>
          <AdminSection title="Mark as paid">
            <p className="mb-4">The customer paid {formatMoney(paymentDue.amountCents)} another way: the link closes and the order can ship.</p>
            <Form method="post" className="flex max-w-md flex-col gap-4" noValidate>
              <PaidAnotherWayFields values={actionData?.values} errors={placed.at} />
              <AdminButton name="intent" value="mark-paid">
                Mark as paid
              </AdminButton>
            </Form>
          </AdminSection>
        </>
      ) : (
        <p>Nothing is due on this order.</p>
      )}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
