/**
 * An order's returns for staff (decision 0056): each return with the moves its state allows (core/returns.ts), and a
 * form to create one for the customer. Plain server-rendered forms on a route of its own, so the order screen's
 * first-load script stays as it was.
 */
import { data, Form, redirect } from "react-router";
import { formatMoney } from "@core/money";
import { canMoveReturn, RETURN_REASONS, RETURN_STATE_LABELS, type ReturnReason } from "@core/returns";
import { declineSchema, exchangeSchema, returnRequestSchema } from "@core/schemas/admin-returns";
import { parseWith } from "@core/errors";
import { FormMessage, SelectField, TextField } from "~/components/account/form-parts";
import { ReturnQuantity } from "~/components/return-quantity";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminErrorBoundary, ADMIN_PAGE_HEADERS, adminMeta, AdminPage, AdminSection, RecordIntro } from "~/components/admin/admin-page";
import { noticeTable } from "~/components/admin/notices";
import { When } from "~/components/admin/when";
import {
  approveReturn,
  closeReturn,
  declineReturn,
  exchangeChoices,
  exchangeReturn,
  formFailure,
  foundOrNotFound,
  HttpError,
  orderReturns,
  receiveReturn,
  refundReturn,
  orderNumberOf,
  requireStaffPage,
  startReturn,
} from "./admin.orders.$number.returns.server";
import type { Route } from "./+types/admin.orders.$number.returns";

export const meta = ({ params }: Route.MetaArgs) => adminMeta(`Returns of order #${params.number}`);

const NOTICES = noticeTable({
  created: "Return created; the customer was emailed.",
  approved: "Return approved; the customer was emailed what to do.",
  declined: "Return declined; the customer was emailed your note.",
  received: "Return marked received; the items marked went back to stock.",
  refunded: "Return refunded; the customer was emailed.",
  "refund-owed": "Refund recorded; the payment provider could not be reached, so it is retried every minute.",
  exchanged: "Exchange made as a new order; the customer was emailed.",
  closed: "Return closed.",
});

const REASON_OPTIONS = Object.entries(RETURN_REASONS).map(([value, label]) => ({ value, label }));

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "orders");
  const number = orderNumberOf(params);
  const found = await foundOrNotFound(orderReturns(context.db, context.storeId, number));
  const skus = found.returns.filter((ret) => canMoveReturn(ret.status, "exchange")).flatMap((ret) => ret.lines.flatMap((line) => (line.sku ? [line.sku] : [])));
  const choices = await exchangeChoices(context.db, context.storeId, skus);
  return {
    number,
    shipped: found.order.fulfilledAt !== null,
    returnable: found.returnable.map((row) => ({ id: row.line.id, title: row.line.title, left: row.left, bought: row.bought })),
    returns: found.returns.map((ret) => ({
      ...ret,
      lines: ret.lines.map((line) => ({
        ...line,
        choices: (line.sku ? (choices.get(line.sku) ?? []) : []).map((variant) => ({
          value: variant.sku,
          label: `${Object.values(variant.attributes).join(", ") || variant.sku} — ${formatMoney(variant.priceCents)} (${variant.stock} in stock)`,
        })),
      })),
    })),
    notice: NOTICES.of(new URL(request.url)),
  };
}

const wholeOr = (typed: FormDataEntryValue | null) => (typeof typed === "string" && typed.trim() !== "" ? Number(typed) : 0);

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaffPage(context, request, "orders");
  const number = orderNumberOf(params);
  const path = `/admin/orders/${number}/returns`;
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const returnId = Number(form.get("return_id"));
  const ids = (name: string) => form.getAll(name).map(Number);
  const done = (key: Parameters<typeof NOTICES.onto>[1]) => redirect(NOTICES.onto(path, key));
  try {
    if (intent === "create") {
      const lines = ids("line").map((id) => ({ order_line_id: id, quantity: wholeOr(form.get(`quantity_${id}`)) }));
      const request = parseWith(returnRequestSchema, { lines, reason: form.get("reason") ?? undefined, note: String(form.get("note") ?? "") });
      await startReturn(context, context.storeId, number, request, { actor });
      return done("created");
    }
    if (!Number.isSafeInteger(returnId) || returnId <= 0) throw new HttpError(400, "Unknown return");
    if (intent === "approve") {
      await approveReturn(context, context.storeId, returnId, { actor });
      return done("approved");
    }
    if (intent === "decline") {
      await declineReturn(context, context.storeId, returnId, parseWith(declineSchema, { note: String(form.get("note") ?? "") }).note, { actor });
      return done("declined");
    }
    if (intent === "receive") {
      await receiveReturn(context, context.storeId, returnId, ids("restock"), { actor });
      return done("received");
    }
    if (intent === "refund") {
      const refunded = await refundReturn(context, context.storeId, returnId, { shipping: form.get("shipping") === "on", actor });
      return done(refunded.refundOwed ? "refund-owed" : "refunded");
    }
    if (intent === "exchange") {
      const lines = ids("return_line").map((id) => ({ return_line_id: id, sku: String(form.get(`sku_${id}`) ?? "") }));
      await exchangeReturn(context, context.storeId, returnId, { ...parseWith(exchangeSchema, { lines }), actor });
      return done("exchanged");
    }
    if (intent === "close") {
      await closeReturn(context, context.storeId, returnId, { actor });
      return done("closed");
    }
    throw new HttpError(400, "Unknown action");
  } catch (error) {
    const failure = formFailure(error, {}, "The change could not be saved; please try again in a moment");
    return data({ ...failure, intent, returnId }, { status: failure.status, headers: ADMIN_PAGE_HEADERS });
  }
}

type Loaded = Route.ComponentProps["loaderData"];
type ReturnRow = Loaded["returns"][number];

function Refusal({ failure, intent, returnId }: { failure: Route.ComponentProps["actionData"]; intent: string; returnId?: number }) {
  if (!failure || failure.intent !== intent || (returnId !== undefined && failure.returnId !== returnId)) return null;
  return <FormMessage tone="error">{failure.errors.map((error) => error.error).join(" ")}</FormMessage>;
}

function ReturnCard({ ret, failure }: { ret: ReturnRow; failure: Route.ComponentProps["actionData"] }) {
  const hidden = <input type="hidden" name="return_id" value={ret.id} />;
  return (
    <li className="rounded border border-black/15 p-4">
      <h3 className="text-lg font-semibold">
        Return {ret.id}: {RETURN_STATE_LABELS[ret.status].staff}
      </h3>
      <p className="mt-1 text-sm">
        {RETURN_REASONS[ret.reason as ReturnReason]}
        {ret.note ? ` — “${ret.note}”` : ""} · {ret.requestedBy === "customer" ? "by the customer" : `by ${ret.requestedBy}`}, <When at={ret.createdAt} />
      </p>
      <ul className="mt-2 list-disc pl-5">
        {ret.lines.map((line) => (
          <li key={line.id}>
            {line.quantity} × {line.title}
            {line.options ? ` (${line.options})` : ""}
            {line.restocked === true ? " · back to stock" : line.restocked === false ? " · kept out of stock" : ""}
            {line.exchangeSku ? ` · exchanged for ${line.exchangeSku}` : ""}
          </li>
        ))}
      </ul>
      {ret.declineNote ? <p className="mt-2">Declined: {ret.declineNote}</p> : null}
      {ret.refundedCents !== null ? <p className="mt-2">Refunded {formatMoney(ret.refundedCents)}{ret.refundedShipping ? " with shipping" : ""}</p> : null}
      {ret.exchangeOrderNumber !== null ? (
        <p className="mt-2">
          Exchanged as{" "}
          <a href={`/admin/orders/${ret.exchangeOrderNumber}`} className="underline">
            order #{ret.exchangeOrderNumber}
          </a>
          {ret.owedCents > 0 ? ` · ${formatMoney(ret.owedCents)} owed by the customer: the order ships once it is paid` : ""}
        </p>
      ) : null}

      <div className="mt-3 flex flex-col gap-4">
        {canMoveReturn(ret.status, "approve") ? (
          <Form method="post">
            {hidden}
            <Refusal failure={failure} intent="approve" returnId={ret.id} />
            <AdminButton name="intent" value="approve">
              Approve return {ret.id}
            </AdminButton>
          </Form>
        ) : null}
        {canMoveReturn(ret.status, "decline") ? (
          <Form method="post" className="flex flex-col gap-2">
            {hidden}
            <Refusal failure={failure} intent="decline" returnId={ret.id} />
            <TextField label={`Why return ${ret.id} is declined (the customer reads it)`} name="note" autoComplete="off" maxLength={1000} />
            <div>
              <AdminButton name="intent" value="decline" weight="secondary">
                Decline return {ret.id}
              </AdminButton>
            </div>
          </Form>
        ) : null}
        {canMoveReturn(ret.status, "receive") ? (
          <Form method="post" className="flex flex-col gap-2">
            {hidden}
            <Refusal failure={failure} intent="receive" returnId={ret.id} />
            <fieldset>
              <legend className="font-medium">Back to stock</legend>
              {ret.lines.map((line) => (
                <label key={line.id} className="flex items-center gap-2 py-1">
                  <input type="checkbox" name="restock" value={line.id} defaultChecked className="size-5" />
                  Put {line.quantity} × {line.title}
                  {line.options ? ` (${line.options})` : ""} back to stock
                </label>
              ))}
            </fieldset>
            <div>
              <AdminButton name="intent" value="receive">
                Mark return {ret.id} received
              </AdminButton>
            </div>
          </Form>
        ) : null}
        {canMoveReturn(ret.status, "refund") ? (
          <Form method="post" className="flex flex-col gap-2">
            {hidden}
            <Refusal failure={failure} intent="refund" returnId={ret.id} />
            <label className="flex items-center gap-2">
              <input type="checkbox" name="shipping" className="size-5" />
              Refund the order&apos;s shipping too
            </label>
            <p className="text-sm">What the items cost after the order&apos;s discount, with their tax, goes back to the customer&apos;s card.</p>
            <div>
              <AdminButton name="intent" value="refund">
                Refund return {ret.id}
              </AdminButton>
            </div>
          </Form>
        ) : null}
        {canMoveReturn(ret.status, "exchange") && ret.lines.every((line) => line.choices.length > 0) ? (
          <Form method="post" className="flex flex-col gap-2">
            {hidden}
            <Refusal failure={failure} intent="exchange" returnId={ret.id} />
            {ret.lines.map((line) => (
              <div key={line.id}>
                <input type="hidden" name="return_line" value={line.id} />
                <SelectField label={`Exchange ${line.title}${line.options ? ` (${line.options})` : ""} for`} name={`sku_${line.id}`} options={line.choices} />
              </div>
            ))}
            <p className="text-sm">A new order goes out with these at their current price; a difference is refunded, or owed by the customer.</p>
            <div>
              <AdminButton name="intent" value="exchange" weight="secondary">
                Exchange return {ret.id}
              </AdminButton>
            </div>
          </Form>
        ) : null}
        {canMoveReturn(ret.status, "close") ? (
          <Form method="post">
            {hidden}
            <Refusal failure={failure} intent="close" returnId={ret.id} />
            <AdminButton name="intent" value="close" weight="secondary">
              Close return {ret.id} without a refund
            </AdminButton>
          </Form>
        ) : null}
      </div>
    </li>
  );
}

export default function AdminOrderReturns({ loaderData, actionData }: Route.ComponentProps) {
  const { number, shipped, returnable, returns, notice } = loaderData;
  const left = returnable.filter((line) => line.left > 0);
  return (
    <AdminPage
      title={`Returns of order #${number}`}
      intro={
        <RecordIntro list={`/admin/orders/${number}`} listLabel={`Order #${number}`}>
          {returns.length === 0 ? "No returns yet" : `${returns.length} ${returns.length === 1 ? "return" : "returns"}`} ·{" "}
        </RecordIntro>
      }
    >
      {notice && !actionData ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <AdminSection title="Returns">
        {returns.length > 0 ? (
          <ul className="flex flex-col gap-4">
            {returns.map((ret) => (
              <ReturnCard key={ret.id} ret={ret} failure={actionData} />
            ))}
          </ul>
        ) : (
          <p>Nothing has been returned from this order.</p>
        )}
      </AdminSection>

      <AdminSection title="Create a return">
        {!shipped ? (
          <p>The order has not shipped yet: cancel or refund it instead.</p>
        ) : left.length === 0 ? (
          <p>Every item of this order is already being returned.</p>
        ) : (
          <Form method="post" className="flex max-w-xl flex-col gap-4">
            <Refusal failure={actionData} intent="create" />
            {left.map((line) => (
              <ReturnQuantity key={line.id} line={line} label={`Units of ${line.title} to return (up to ${line.left})`} />
            ))}
            <SelectField label="Reason" name="reason" options={REASON_OPTIONS} />
            <TextField label="Note (optional)" name="note" autoComplete="off" maxLength={1000} />
            <div>
              <AdminButton name="intent" value="create">
                Create return
              </AdminButton>
            </div>
          </Form>
        )}
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
