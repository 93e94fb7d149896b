import { data, Form, Link, redirect } from "react-router";
import { centsToDollars, formatMoney } from "@core/money";
import { draftName } from "@core/drafts";
import { FormMessage } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminErrorBoundary, ADMIN_PAGE_HEADERS, adminMeta, AdminPage, AdminSection, RecordIntro } from "~/components/admin/admin-page";
import { ConfirmLink, ConfirmStep } from "~/components/admin/confirm-step";
import { DRAFT_NOTICES } from "~/components/admin/draft-notices";
import { DRAFT_STATUS_LABELS, DraftOrderForm, type DraftFormValues } from "~/components/admin/draft-order-form";
import { ItemLine, ShippingAddress, Timeline, Totals } from "~/components/admin/order-parts";
import { PaidAnotherWayFields } from "~/components/admin/paid-another-way-fields";
import { When } from "~/components/admin/when";
import { placeErrors } from "~/lib/form-error";
import {
  deleteDraft,
  draftFormAction,
  draftMarkPaidSchema,
  draftFormChoices,
  formFailure,
  formValues,
  foundOrNotFound,
  getDraft,
  HttpError,
  markPaid,
  recordIdOf,
  requireStaffPage,
  sendInvoice,
} from "./admin.drafts.server";
import type { Route } from "./+types/admin.drafts.$id";

export const meta = ({ params }: Route.MetaArgs) => adminMeta(`Draft D${params.id}`);

const PAID_FIELDS = ["paid_with", "note"] as const;

const dollarsOf = (cents: number | null) => (cents === null ? "" : centsToDollars(cents).toFixed(2));

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "orders");
  const id = recordIdOf(params);
  const url = new URL(request.url);
  const [draft, choices] = await Promise.all([foundOrNotFound(getDraft(context, context.storeId, id)), draftFormChoices(context.db, context.storeId)]);
  const { input, order } = draft;
  const values: DraftFormValues = {
    email: input.email,
    customer_name: input.customerName,
    "shipping_address.line1": input.address.line1,
    "shipping_address.line2": input.address.line2 ?? "",
    "shipping_address.city": input.address.city,
    "shipping_address.state": input.address.state,
    "shipping_address.postal_code": input.address.postal_code,
    "shipping_address.country": input.address.country,
    shipping_option: input.shippingOptionKey,
    shipping_price: dollarsOf(input.shippingCentsOverride),
    discount_kind: input.discount?.kind ?? "",
    discount_value:
      input.discount === null ? "" : input.discount.kind === "code" ? input.discount.code : input.discount.kind === "amount" ? dollarsOf(input.discount.amountCents) : String(input.discount.percent),
    ...Object.fromEntries(
      input.lines.flatMap((line, row) => [
        [`lines.${row}.sku`, line.sku],
        [`lines.${row}.quantity`, String(line.quantity)],
        [`lines.${row}.price`, dollarsOf(line.unitPriceCents)],
      ]),
    ),
  };
  return {
    ...choices,
    summary: draft.summary,
    values,
    rows: input.lines.length + 1,
    lines: draft.lines.map((line) => ({
      id: line.id,
      title: line.title,
      sku: line.sku,
      options: line.words.options,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      cataloguePriceCents: line.cataloguePriceCents,
      priceOverridden: line.priceOverridden,
      lineTotalCents: line.lineTotalCents,
    })),
    totals: {
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      discountCode: input.discount?.kind === "code" ? input.discount.code : null,
      shippingCents: order.shippingCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
    },
    address: order.shippingAddress,
    link: draft.link ? { amountCents: draft.link.amountCents, createdAt: draft.link.createdAt } : null,
    timeline: draft.timeline,
    confirmDelete: url.searchParams.has("delete"),
    notice: DRAFT_NOTICES.of(url),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = recordIdOf(params);
  const intent = String((await request.clone().formData()).get("intent") ?? "save");
  if (intent === "save" || intent.startsWith("remove-")) return draftFormAction(context, request, id);
  const { actor } = await requireStaffPage(context, request, "orders");
  const form = await request.formData();
  const values = formValues(form, PAID_FIELDS);
  const path = `/admin/drafts/${id}`;
  try {
    if (intent === "send") {
      await sendInvoice(context, context.storeId, actor, id);
      return redirect(DRAFT_NOTICES.onto(path, "draft-sent"));
    }
    if (intent === "mark-paid") {
      await markPaid(context, context.storeId, actor, id, draftMarkPaidSchema.parse(values));
      return redirect(DRAFT_NOTICES.onto(path, "draft-paid"));
    }
    if (intent === "delete") {
      await deleteDraft(context, context.storeId, actor, id);
      return redirect(DRAFT_NOTICES.onto("/admin/drafts", "draft-deleted"));
    }
    throw new HttpError(400, "Unknown action");
  } catch (error) {
    const failure = formFailure(error, values, "The draft could not be changed; please try again in a moment");
    return data({ ...failure, intent }, { status: failure.status, headers: ADMIN_PAGE_HEADERS });
  }
}

export default function AdminDraft({ loaderData, actionData }: Route.ComponentProps) {
  const { summary, values, rows, lines, totals, address, link, timeline, products, shippingOptions, confirmDelete, notice } = loaderData;
  const name = draftName(summary.id);
  const path = `/admin/drafts/${summary.id}`;
  const failure = actionData && "intent" in actionData ? actionData : undefined;
  const editing = failure?.intent === "save";
  const placed = (intent: string) => placeErrors(failure?.intent === intent ? failure.errors : undefined, PAID_FIELDS);
  const [sendErrors, paidErrors, deleteErrors] = ["send", "mark-paid", "delete"].map(placed);
  const paid = summary.status === "paid";
  return (
    <AdminPage
      title={name}
      intro={
        <RecordIntro list="/admin/drafts" listLabel="All draft orders">
          {DRAFT_STATUS_LABELS[summary.status]} · {formatMoney(summary.totalCents)} · created <When at={summary.createdAt} /> ·{" "}
        </RecordIntro>
      }
    >
      {notice && !failure ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {paid && summary.orderNumber !== null ? (
        <p className="font-medium">
          {"Paid → "}
          <Link to={`/admin/orders/${summary.orderNumber}`} className="underline">
            order #{summary.orderNumber}
          </Link>
        </p>
      ) : null}

      <AdminSection title="Order">
        <ul className="flex flex-col divide-y divide-black/10">
          {lines.map((line) => (
            <ItemLine key={line.id} line={line}>
              {line.quantity} × {formatMoney(line.unitPriceCents)}
              {line.priceOverridden && line.cataloguePriceCents !== null ? ` (catalogue ${formatMoney(line.cataloguePriceCents)})` : ""} ={" "}
              {formatMoney(line.lineTotalCents)}
            </ItemLine>
          ))}
        </ul>
        <Totals totals={totals} />
        <h3 className="mt-4 font-semibold">Ships to</h3>
        <ShippingAddress address={address} />
        <p className="mt-2 break-all">{summary.email}</p>
      </AdminSection>

      {paid ? null : (
        <>
          <AdminSection title="Payment">
            <p className="mb-3">
              {link ? (
                <>
                  {`A payment link for ${formatMoney(link.amountCents)} was emailed `}
                  <When at={link.createdAt} />.
                </>
              ) : (
                "No payment link sent yet."
              )}
            </p>
            <Form method="post">
              {sendErrors.form ? <FormMessage tone="error">{sendErrors.form}</FormMessage> : null}
              <AdminButton name="intent" value="send">
                {link ? "Email the payment link again" : "Email payment link"}
              </AdminButton>
            </Form>
            <Form method="post" className="mt-6 grid items-end gap-4 sm:grid-cols-[12rem_1fr_auto]">
              <PaidAnotherWayFields values={failure?.intent === "mark-paid" ? failure.values : undefined} errors={paidErrors.at} />
              <AdminButton name="intent" value="mark-paid" weight="secondary">
                Mark as paid
              </AdminButton>
              {paidErrors.form ? <FormMessage tone="error" className="sm:col-span-full">{paidErrors.form}</FormMessage> : null}
            </Form>
          </AdminSection>

          <section aria-labelledby="edit-draft">
            <h2 id="edit-draft" className="mb-3 text-xl font-semibold">
              Edit the draft
            </h2>
            <DraftOrderForm
              key={JSON.stringify(editing ? failure.values : values)}
              values={editing ? failure.values : values}
              rows={rows}
              products={products}
              shippingOptions={shippingOptions}
              errors={editing ? failure.errors : []}
              submitLabel="Save draft"
            />
          </section>

          <AdminSection title="Delete">
            {deleteErrors.form ? <FormMessage tone="error">{deleteErrors.form}</FormMessage> : null}
            {confirmDelete || failure?.intent === "delete" ? (
              <ConfirmStep question={`Delete ${name}? Its payment link stops working.`} intent="delete" id={summary.id} confirmLabel={`Delete ${name}`} cancelTo={path} />
            ) : (
              <ConfirmLink to={`${path}?delete`} label="Delete the draft" target={name} />
            )}
          </AdminSection>
        </>
      )}

      <AdminSection title="Timeline">
        <Timeline entries={timeline} />
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
