import { data, Form, redirect } from "react-router";
import { formatMoney, TYPED_DOLLARS_MESSAGE, typedDollarsToCents } from "@core/money";
import { lineRateText, orderTaxLines } from "@core/invoices";
import { canMove, leftToRefund as leftToRefundOf, refundTooLargeMessage } from "@core/order-lifecycle";
import { fulfilSchema, orderNoteSchema, refundSchema } from "@core/schemas/admin-orders";
import { FieldError, FormMessage, SelectField, TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminErrorBoundary, ADMIN_PAGE_HEADERS, adminMeta, AdminPage, AdminSection, RecordIntro } from "~/components/admin/admin-page";
import { ConfirmLink, ConfirmStep } from "~/components/admin/confirm-step";
import { NOTICES } from "~/components/admin/notices";
import { CustomerAndPayment } from "~/components/admin/customer-and-payment";
import { ItemLine, Timeline, Totals } from "~/components/admin/order-parts";
import { staffStatusLabel } from "~/components/admin/order-status";
import { When } from "~/components/admin/when";
import { OrderDocumentLinks } from "~/components/order-documents";
import { placeErrors } from "~/lib/form-error";
import {
  addOrderNote,
  cancelOrder,
  documentsOfOrderNumber,
  formFailure,
  formValues,
  foundOrNotFound,
  fulfilOrder,
  getDeskOrder,
  HttpError,
  KNOWN_CARRIERS,
  refundOrder,
  orderNumberOf,
  requireStaffPage,
  resendOrderConfirmation,
} from "./admin.orders.$number.server";
import type { Route } from "./+types/admin.orders.$number";

export const meta = ({ params }: Route.MetaArgs) => adminMeta(`Order #${params.number}`);

const FIELDS = ["carrier", "tracking_number", "amount", "restock", "text"] as const;
const CARRIER_OPTIONS = [{ value: "", label: "Not named" }, ...KNOWN_CARRIERS.map((name) => ({ value: name, label: name }))];

/** Dollars as typed ("12.50"), blank for all that is left; anything else is named beside the field. */
function refundCents(amount: string): number | undefined {
  const cents = typedDollarsToCents(amount);
  if (cents === null) return undefined;
  if (Number.isNaN(cents)) throw new HttpError(400, TYPED_DOLLARS_MESSAGE, "amount");
  return cents;
}

/** The refund's form, read before its confirmation is asked: an amount the order cannot give back is refused here. */
function refundAsked(amount: string, restock: boolean, leftCents: number) {
  try {
    const cents = refundCents(amount);
    const checked = refundSchema.safeParse({ amount_cents: cents });
    if (!checked.success) return { amount, restock, error: checked.error.issues[0].message };
    return cents !== undefined && cents > leftCents ? { amount, restock, error: refundTooLargeMessage(cents, leftCents) } : { amount, restock, cents };
  } catch (error) {
    return { amount, restock, error: (error as Error).message };
  }
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "orders");
  const number = orderNumberOf(params);
  const url = new URL(request.url);
  const detail = await foundOrNotFound(getDeskOrder(context.db, context.storeId, number));
  const amount = url.searchParams.get("amount");
  const rates = new Set(detail.lines.map((line) => line.taxRateBasisPoints));
  return {
    ...detail,
    // Each line's kept rate and the tax by rate, as the invoice prints them (decision 0063).
    lines: detail.lines.map((line) => ({ ...line, rate: lineRateText(line.taxRateBasisPoints, rates) })),
    taxes: orderTaxLines(detail.order, detail.lines),
    documents: await documentsOfOrderNumber(context.db, context.storeId, number),
    carriers: CARRIER_OPTIONS,
    confirmCancel: url.searchParams.has("cancel"),
    // The refund's question, once its form was filled in: the amount as typed, and whether stock goes back.
    refundAsked:
      amount === null
        ? null
        : refundAsked(amount, url.searchParams.get("restock") === "on", leftToRefundOf(detail.order, detail.payment.refundedCents, detail.paymentDue?.amountCents)),
    notice: NOTICES.of(url),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaffPage(context, request, "orders");
  const number = orderNumberOf(params);
  const path = `/admin/orders/${number}`;
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const values = formValues(form, FIELDS);
  try {
    if (intent === "fulfil") {
      const shipment = fulfilSchema.parse(values);
      await fulfilOrder(context, context.storeId, number, { carrier: shipment.carrier, trackingNumber: shipment.tracking_number, actor });
      return redirect(NOTICES.onto(path, "order-fulfilled"));
    }
    if (intent === "cancel") {
      const done = await cancelOrder(context, context.storeId, number, { actor });
      return redirect(NOTICES.onto(path, done.refundOwed ? "order-refund-owed" : "order-cancelled"));
    }
    if (intent === "refund") {
      const asked = refundSchema.parse({ amount_cents: refundCents(values.amount), restock: values.restock === "on" });
      const done = await refundOrder(context, context.storeId, number, { amountCents: asked.amount_cents, restock: asked.restock, actor });
      return redirect(NOTICES.onto(path, done.refundOwed ? "order-refund-owed" : "order-refunded"));
    }
    if (intent === "note") {
      await addOrderNote(context, context.storeId, number, orderNoteSchema.parse(values).text, { actor });
      return redirect(NOTICES.onto(path, "order-noted"));
    }
    if (intent === "resend") {
      await resendOrderConfirmation(context, context.storeId, number, { actor });
      return redirect(NOTICES.onto(path, "confirmation-sent"));
    }
    throw new HttpError(400, "Unknown action");
  } catch (error) {
    const failure = formFailure(error, values, "The change could not be saved; please try again in a moment");
    // The refund's amount is typed in dollars here and checked in cents by the server: its words belong to the field.
    const errors = failure.errors.map((body) => (body.field === "amount_cents" ? { ...body, field: "amount" } : body));
    return data({ ...failure, errors, intent }, { status: failure.status, headers: ADMIN_PAGE_HEADERS });
  }
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, lines, taxes, payment, paymentDue, shippingOptionName, shipment, notes, timeline, documents, carriers, confirmCancel, refundAsked, notice } = loaderData;
  const number = order.number!;
  const path = `/admin/orders/${number}`;
  const failure = actionData;
  const placed = (intent: string) => placeErrors(failure?.intent === intent ? failure.errors : undefined, FIELDS);
  const [fulfilErrors, refundErrors, noteErrors, cancelErrors, resendErrors] = ["fulfil", "refund", "note", "cancel", "resend"].map(placed);
  const kept = (intent: string, field: (typeof FIELDS)[number]) => (failure?.intent === intent ? failure.values[field] : undefined);
  // The question is asked once the amount reads as money; the server's refusal sends the form back with its words.
  const confirmRefund = refundAsked && !refundAsked.error && failure?.intent !== "refund" ? refundAsked : null;
  const refundAmountError = refundErrors.at.amount ?? refundAsked?.error;
  const leftToRefund = leftToRefundOf(order, payment.refundedCents, paymentDue?.amountCents);
  const canRefund = leftToRefund > 0;
  return (
    <AdminPage
      title={`Order #${number}`}
      intro={
        <RecordIntro list="/admin/orders" listLabel="All orders">
          {staffStatusLabel(order.status)} · placed <When at={order.createdAt} /> ·{" "}
          <a href={`/admin/orders/slips?number=${number}`} className="underline">
            Print packing slip
          </a>{" "}
          ·{" "}
          {canMove(order.status, "edit") && order.restockedAt === null ? (
            <>
              <a href={`${path}/edit`} className="underline">
                Edit order
              </a>{" "}
              ·{" "}
            </>
          ) : null}
          <a href={`${path}/returns`} className="underline">
            Returns and exchanges
          </a>{" "}
          ·{" "}
        </RecordIntro>
      }
    >
      {notice && !failure ? <FormMessage tone="success">{notice}</FormMessage> : null}

      <AdminSection title="Items">
        <ul className="flex flex-col divide-y divide-black/10">
          {lines.map((line) => (
            <ItemLine key={line.id} line={{ title: line.title, sku: line.sku, ...line.words }}>
              {line.quantity} × {formatMoney(line.unitPriceCents)} = <span className="font-medium">{formatMoney(line.lineTotalCents)}</span>
              {line.rate ? `, ${line.rate}` : null}
            </ItemLine>
          ))}
        </ul>
        <Totals totals={order} taxes={taxes} />
      </AdminSection>

      {order.fulfilledAt ? (
        <AdminSection title="Shipment">
          <p>
            Shipped with {shipment.carrier ?? "a carrier not named"}
            {shipment.trackingNumber ? (
              <>
                , tracking{" "}
                {shipment.trackingUrl ? (
                  <a href={shipment.trackingUrl} className="underline" rel="noreferrer" target="_blank">
                    {shipment.trackingNumber}
                    <span className="sr-only"> (opens the carrier&apos;s page in a new tab)</span>
                  </a>
                ) : (
                  shipment.trackingNumber
                )}
              </>
            ) : null}
            , on <When at={order.fulfilledAt} />
          </p>
        </AdminSection>
      ) : null}

      <CustomerAndPayment title="Customer and address" record={order} shipping={shippingOptionName}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">Provider</dt>
          <dd>
            {payment.provider}
            {payment.status ? ` (${payment.status})` : ""}
          </dd>
          {payment.reference ? (
            <>
              <dt className="font-medium">Reference</dt>
              <dd className="break-all">{payment.reference}</dd>
            </>
          ) : null}
          <dt className="font-medium">Paid</dt>
          <dd>{formatMoney(order.totalCents - (paymentDue?.amountCents ?? 0))}</dd>
          {paymentDue ? (
            <>
              <dt className="font-medium">Due</dt>
              <dd>
                {formatMoney(paymentDue.amountCents)}:{" "}
                <a href={`${path}/payment`} className="underline">
                  payment link
                </a>
              </dd>
            </>
          ) : null}
          <dt className="font-medium">Refunded</dt>
          <dd>{formatMoney(payment.refundedCents)}</dd>
        </dl>
        {payment.refunds.length > 0 ? (
          <ul className="mt-3 text-sm">
            {payment.refunds.map((refund, index) => (
              <li key={index}>
                {formatMoney(refund.amountCents)} on <When at={refund.createdAt} />
                {refund.status === "owed" ? " (owed: the provider has not confirmed it yet)" : ""}
              </li>
            ))}
          </ul>
        ) : null}
      </CustomerAndPayment>

      {documents.length > 0 ? (
        <AdminSection title="Invoice and credit notes">
          <OrderDocumentLinks documents={documents} hrefOf={(doc) => `${path}/documents/${doc.filename}`} />
        </AdminSection>
      ) : null}

      {canMove(order.status, "fulfil") ? (
        <AdminSection title="Ship the order">
          {fulfilErrors.form ? <FormMessage tone="error">{fulfilErrors.form}</FormMessage> : null}
          <Form method="post" className="grid items-end gap-4 sm:grid-cols-[1fr_1fr_auto]">
            <SelectField label="Carrier" name="carrier" options={carriers} defaultValue={kept("fulfil", "carrier") ?? ""} error={fulfilErrors.at.carrier} />
            <TextField label="Tracking number" name="tracking_number" autoComplete="off" defaultValue={kept("fulfil", "tracking_number")} error={fulfilErrors.at.tracking_number} />
            <AdminButton name="intent" value="fulfil">
              Mark shipped
            </AdminButton>
          </Form>
          <p className="mt-2 text-sm">The customer is emailed, with a tracking link for the carriers listed, and asked for a review.</p>
        </AdminSection>
      ) : null}

      {canRefund ? (
        <AdminSection title="Refund">
          <p className="mb-3">{formatMoney(leftToRefund)} is left to refund.</p>
          {refundErrors.form ? <FormMessage tone="error">{refundErrors.form}</FormMessage> : null}
          {confirmRefund ? (
            <ConfirmStep
              question={`Refund ${confirmRefund.cents === undefined ? `all that is left (${formatMoney(leftToRefund)})` : formatMoney(confirmRefund.cents)} of order #${number}${confirmRefund.restock ? " and put its stock back" : ""}? The customer is emailed.`}
              intent="refund"
              id={number}
              confirmLabel="Refund"
              cancelTo={path}
            >
              <input type="hidden" name="amount" value={confirmRefund.amount} />
              {confirmRefund.restock ? <input type="hidden" name="restock" value="on" /> : null}
            </ConfirmStep>
          ) : (
            <Form method="get" className="grid items-end gap-4 sm:grid-cols-[1fr_auto_auto]">
              <TextField
                label="Amount in dollars (blank: all that is left)"
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={kept("refund", "amount") ?? refundAsked?.amount}
                error={refundAmountError}
              />
              <label className="flex items-center gap-2 py-2">
                <input type="checkbox" name="restock" defaultChecked={(kept("refund", "restock") ?? (refundAsked?.restock ? "on" : "")) === "on"} className="size-5" />
                Put the stock back
              </label>
              <AdminButton weight="secondary">Refund…</AdminButton>
            </Form>
          )}
        </AdminSection>
      ) : null}

      <AdminSection title="Notes">
        {notes.length > 0 ? (
          <ul className="mb-4 flex flex-col gap-3">
            {notes.map((note) => (
              <li key={note.id} className="rounded border border-black/15 p-3">
                <p className="whitespace-pre-line break-words">{note.text}</p>
                <p className="mt-1 text-sm text-black/70">
                  {note.author}, <When at={note.createdAt} />
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mb-4">No notes yet.</p>
        )}
        <Form method="post" className="flex flex-col gap-3">
          <div>
            <label htmlFor="order-note" className="mb-1 block font-medium">
              Note for the staff
            </label>
            <textarea
              id="order-note"
              name="text"
              rows={3}
              defaultValue={kept("note", "text")}
              aria-invalid={noteErrors.at.text ? true : undefined}
              aria-describedby={noteErrors.at.text ? "order-note-error" : undefined}
              className="w-full rounded border border-black/30 bg-white px-3 py-2 text-ink focus:border-ink focus:outline-2 focus:outline-offset-1 focus:outline-ink"
            />
            <FieldError id="order-note-error" error={noteErrors.at.text} />
          </div>
          {noteErrors.form ? <FormMessage tone="error">{noteErrors.form}</FormMessage> : null}
          <div>
            <AdminButton name="intent" value="note" weight="secondary">
              Add note
            </AdminButton>
          </div>
        </Form>
      </AdminSection>

      <AdminSection title="Timeline">
        <Timeline entries={timeline} />
      </AdminSection>

      <AdminSection title="More">
        {resendErrors.form ? <FormMessage tone="error">{resendErrors.form}</FormMessage> : null}
        <Form method="post">
          <AdminButton name="intent" value="resend" weight="secondary">
            Resend the order confirmation
          </AdminButton>
        </Form>
        {canMove(order.status, "cancel") ? (
          <>
            {cancelErrors.form ? <FormMessage tone="error" className="mt-3">{cancelErrors.form}</FormMessage> : null}
            {confirmCancel ? (
              <ConfirmStep
                question={`Cancel order #${number}? All that is left of its payment (${formatMoney(leftToRefund)}) is refunded, its stock goes back and the customer is emailed.`}
                intent="cancel"
                id={number}
                confirmLabel={`Cancel order #${number}`}
                cancelTo={path}
              />
            ) : (
              <ConfirmLink to={`${path}?cancel`} label="Cancel the order" target={`#${number}`} />
            )}
          </>
        ) : null}
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
