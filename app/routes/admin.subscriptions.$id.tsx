import { data, Form, Link, redirect } from "react-router";
import { formatMoney } from "@core/money";
import { canMoveSubscription } from "@core/subscriptions";
import { cancelSchema, pauseSchema } from "@core/schemas/subscriptions";
import { FormMessage, TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminErrorBoundary, ADMIN_PAGE_HEADERS, adminMeta, AdminPage, AdminSection, RecordIntro } from "~/components/admin/admin-page";
import { ConfirmLink, ConfirmStep } from "~/components/admin/confirm-step";
import { NOTICES, type NoticeKey } from "~/components/admin/notices";
import { CustomerAndPayment } from "~/components/admin/customer-and-payment";
import { ItemLine, Timeline, Totals } from "~/components/admin/order-parts";
import { staffStatusLabel } from "~/components/admin/order-status";
import { variantOptions } from "~/components/admin/stock-level";
import { dayLabel as dayOf, subscriptionStatusLabel } from "~/components/admin/subscription-status";
import { useShopTimeZone } from "~/components/admin/when";
import { When } from "~/components/admin/when";
import { placeErrors } from "~/lib/form-error";
import {
  cancel,
  formFailure,
  formValues,
  foundOrNotFound,
  HttpError,
  pause,
  recordIdOf,
  requireStaffPage,
  resume,
  skipNext,
  viewSubscription,
} from "./admin.subscriptions.$id.server";
import type { Route } from "./+types/admin.subscriptions.$id";

export const meta = ({ params }: Route.MetaArgs) => adminMeta(`Subscription #${params.id}`);

const FIELDS = ["until", "reason"] as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "orders");
  const id = recordIdOf(params);
  const url = new URL(request.url);
  const { subscription, shippingOptionName, plan, items, next, orders, timeline } = await foundOrNotFound(viewSubscription(context, context.storeId, id));
  return {
    subscription: {
      id: subscription.id,
      status: subscription.status,
      email: subscription.email,
      customerName: subscription.customerName,
      customerId: subscription.customerId,
      shippingAddress: subscription.shippingAddress,
      cardBrand: subscription.cardBrand,
      cardLast4: subscription.cardLast4,
      nextRenewalAt: subscription.nextRenewalAt,
      pausedUntil: subscription.pausedUntil,
      cancelledAt: subscription.cancelledAt,
      cancelReason: subscription.cancelReason,
      createdAt: subscription.createdAt,
    },
    shippingOptionName,
    plan,
    items,
    next,
    orders,
    timeline,
    confirmCancel: url.searchParams.has("cancel"),
    notice: NOTICES.of(url),
  };
}

/** Each action: the use case, on the subscriber's behalf, and the notice it ends with. */
const INTENTS = {
  skip: { run: skipNext, notice: "subscription-skipped" },
  resume: { run: resume, notice: "subscription-resumed" },
} as const satisfies Record<string, { run: typeof skipNext; notice: NoticeKey<typeof NOTICES> }>;

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaffPage(context, request, "orders");
  const id = recordIdOf(params);
  const path = `/admin/subscriptions/${id}`;
  const staff = { kind: "staff", actor } as const;
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const values = formValues(form, FIELDS);
  try {
    if (intent === "skip" || intent === "resume") {
      await INTENTS[intent].run(context, context.storeId, id, staff);
      return redirect(NOTICES.onto(path, INTENTS[intent].notice));
    }
    if (intent === "pause") {
      await pause(context, context.storeId, id, staff, pauseSchema.parse(values).until);
      return redirect(NOTICES.onto(path, "subscription-paused"));
    }
    if (intent === "cancel") {
      await cancel(context, context.storeId, id, staff, cancelSchema.parse(values).reason);
      return redirect(NOTICES.onto(path, "subscription-cancelled"));
    }
    throw new HttpError(400, "Unknown action");
  } catch (error) {
    const failure = formFailure(error, values, "The change could not be saved; please try again in a moment");
    return data({ ...failure, intent }, { status: failure.status, headers: ADMIN_PAGE_HEADERS });
  }
}

/** Where the subscription stands: its next delivery, its pause, or its end. */
function standing(subscription: { status: string; nextRenewalAt: Date; pausedUntil: Date | null; cancelledAt: Date | null }, timeZone: string): string {
  const dayLabel = (at: Date) => dayOf(at, timeZone);
  if (subscription.status === "cancelled") return subscription.cancelledAt ? `Cancelled on ${dayLabel(subscription.cancelledAt)}.` : "Cancelled.";
  if (subscription.status === "paused") return subscription.pausedUntil ? `Paused until ${dayLabel(subscription.pausedUntil)}.` : "Paused until resumed.";
  if (subscription.status === "past_due") return "Past due: the last renewal was declined. It resumes once the subscriber updates the card.";
  return `Next delivery ${dayLabel(subscription.nextRenewalAt)}.`;
}

export default function AdminSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const { subscription, shippingOptionName, plan, items, next, orders, timeline, confirmCancel, notice } = loaderData;
  const { id, status } = subscription;
  const timeZone = useShopTimeZone();
  const path = `/admin/subscriptions/${id}`;
  const failure = actionData;
  const placed = (intent: string) => placeErrors(failure?.intent === intent ? failure.errors : undefined, FIELDS);
  const [skipErrors, pauseErrors, resumeErrors, cancelErrors] = ["skip", "pause", "resume", "cancel"].map(placed);
  const kept = (intent: string, field: (typeof FIELDS)[number]) => (failure?.intent === intent ? failure.values[field] : undefined);
  return (
    <AdminPage
      title={`Subscription #${id}`}
      intro={
        <RecordIntro list="/admin/subscriptions" listLabel="All subscriptions">
          {subscriptionStatusLabel(status)} · {plan} · since <When at={subscription.createdAt} /> ·{" "}
        </RecordIntro>
      }
    >
      {notice && !failure ? <FormMessage tone="success">{notice}</FormMessage> : null}

      <AdminSection title="Items">
        <p className="mb-3 font-medium">{standing(subscription, timeZone)}</p>
        <ul className="flex flex-col divide-y divide-black/10">
          {items.map((item) => (
            <ItemLine key={item.id} line={{ ...item, options: variantOptions(item.attributes) }}>
              {item.quantity} × {item.unitCents === null ? "no longer sold" : formatMoney(item.unitCents)}
            </ItemLine>
          ))}
        </ul>
        {next ? (
          <>
            <h3 className="mt-4 text-right font-semibold">The next delivery, priced now</h3>
            <Totals totals={next} />
          </>
        ) : null}
      </AdminSection>

      <CustomerAndPayment title="Subscriber and address" record={subscription} shipping={shippingOptionName}>
        <p>{subscription.cardLast4 ? `${subscription.cardBrand ?? "Card"} ending in ${subscription.cardLast4}` : "No card on file"}</p>
        {subscription.cancelReason ? <p className="mt-3 break-words">{`Reason for cancelling: ${subscription.cancelReason}`}</p> : null}
      </CustomerAndPayment>

      <AdminSection title="Orders">
        <ul className="flex flex-col divide-y divide-black/10">
          {orders.map((order, index) => (
            <li key={order.number ?? `unpaid-${index}`} className="flex justify-between gap-x-4 py-2">
              <span>
                {order.number === null ? (
                  "Not paid"
                ) : (
                  <Link to={`/admin/orders/${order.number}`} className="font-semibold underline">
                    Order #{order.number}
                  </Link>
                )}
                <span className="block text-sm">
                  {staffStatusLabel(order.status)}
                  {index === orders.length - 1 ? " · the first order" : " · a renewal"}
                  {order.paidAt ? (
                    <>
                      {" · paid "}
                      <When at={order.paidAt} />
                    </>
                  ) : null}
                </span>
              </span>
              <span className="text-right">{formatMoney(order.totalCents)}</span>
            </li>
          ))}
        </ul>
      </AdminSection>

      {canMoveSubscription(status, "cancel") ? (
        <AdminSection title="Change on the subscriber's behalf">
          <p className="mb-4 text-sm">Each change is in the timeline and the audit trail, and the subscriber is emailed.</p>
          {canMoveSubscription(status, "skip") || canMoveSubscription(status, "pause") ? (
            <div className="flex flex-col gap-6">
              {canMoveSubscription(status, "skip") ? (
                <Form method="post">
                  {skipErrors.form ? <FormMessage tone="error">{skipErrors.form}</FormMessage> : null}
                  <AdminButton name="intent" value="skip" weight="secondary">
                    Skip the delivery of {dayOf(subscription.nextRenewalAt, timeZone)}
                  </AdminButton>
                </Form>
              ) : null}
              {canMoveSubscription(status, "pause") ? (
                <Form method="post" className="grid items-end gap-4 sm:grid-cols-[1fr_auto]">
                  <TextField label="Pause until (blank: until resumed)" name="until" type="date" defaultValue={kept("pause", "until")} error={pauseErrors.at.until} />
                  <AdminButton name="intent" value="pause" weight="secondary">
                    Pause
                  </AdminButton>
                  {pauseErrors.form ? <FormMessage tone="error" className="sm:col-span-full">{pauseErrors.form}</FormMessage> : null}
                </Form>
              ) : null}
            </div>
          ) : null}
          {canMoveSubscription(status, "resume") ? (
            <Form method="post">
              {resumeErrors.form ? <FormMessage tone="error">{resumeErrors.form}</FormMessage> : null}
              <AdminButton name="intent" value="resume">
                Resume
              </AdminButton>
            </Form>
          ) : null}
          {cancelErrors.form ? <FormMessage tone="error" className="mt-3">{cancelErrors.form}</FormMessage> : null}
          {confirmCancel || failure?.intent === "cancel" ? (
            <ConfirmStep
              question={`Cancel subscription #${id}? No more deliveries are sent or charged, and the subscriber is emailed.`}
              intent="cancel"
              id={id}
              confirmLabel={`Cancel subscription #${id}`}
              cancelTo={path}
            >
              <div className="mb-3">
                <TextField label="Reason (optional)" name="reason" maxLength={500} defaultValue={kept("cancel", "reason")} error={cancelErrors.at.reason} />
              </div>
            </ConfirmStep>
          ) : (
            <ConfirmLink to={`${path}?cancel`} label="Cancel the subscription" target={`#${id}`} />
          )}
        </AdminSection>
      ) : null}

      <AdminSection title="Timeline">
        <Timeline entries={timeline} />
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
