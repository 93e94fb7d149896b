import { data } from "react-router";
import { formatMoney } from "@core/money";
import { subscriptionListQuerySchema } from "@core/schemas/subscriptions";
import { TextField } from "~/components/account/form-parts";
import { CustomerCell, listAddress, RowLink } from "~/components/admin/admin-list";
import { AdminErrorBoundary, adminMeta, AdminPage, AdminSection, Figure } from "~/components/admin/admin-page";
import { ExportedList, ListSearch, StatusTabs } from "~/components/admin/list-screen";
import { useShopTimeZone } from "~/components/admin/when";
import { dayLabel, SUBSCRIPTION_TABS, subscriptionStatusLabel } from "~/components/admin/subscription-status";
import { placeErrors } from "~/lib/form-error";
import {
  CANCELLATION_DAYS,
  deliveryPlan,
  listSubscriptions,
  PLAN_DAYS,
  readList,
  requireStaffPage,
  subscriptionFigures,
} from "./admin.subscriptions.server";
import type { Route } from "./+types/admin.subscriptions";

export const meta = () => adminMeta("Subscriptions");

const PATH = "/admin/subscriptions";
const FILTERS = ["status", "q", "cursor"] as const;

const COLUMNS = [{ label: "Subscription" }, { label: "Customer" }, { label: "Status" }, { label: "Plan" }, { label: "Next delivery" }];
const TABLE = { label: "Subscriptions", minWidth: "40rem", columns: COLUMNS };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "orders");
  const [{ asked, page, errors }, figures, plan] = await Promise.all([
    readList(new URL(request.url), FILTERS, subscriptionListQuerySchema, (query) => listSubscriptions(context.db, context.storeId, query)),
    subscriptionFigures(context.db, context.storeId),
    deliveryPlan(context.db, context.storeId).then((planned) => planned.days),
  ]);
  const shown = { asked, figures, plan, cancellationDays: CANCELLATION_DAYS, planDays: PLAN_DAYS, errors };
  if (!page) return data({ ...shown, subscriptions: [], nextCursor: null }, { status: 400 });
  return { ...shown, subscriptions: page.subscriptions, nextCursor: page.nextCursor };
}

export default function AdminSubscriptions({ loaderData }: Route.ComponentProps) {
  const { asked, figures, plan, cancellationDays, planDays, subscriptions, nextCursor, errors } = loaderData;
  const placed = placeErrors(errors, FILTERS);
  const timeZone = useShopTimeZone();
  const { cursor: _page, ...filters } = asked;
  return (
    <AdminPage title="Subscriptions" intro={<p>Every subscription, newest first, and what the coming renewals will take. Days are the shop&apos;s, in its time zone.</p>}>
      <AdminSection title="Figures">
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure label="Active subscriptions" value={String(figures.byStatus.active)} />
          <Figure label="Monthly recurring revenue" value={formatMoney(figures.monthlyRecurringCents)} />
          <Figure label="Paused or past due" value={String(figures.byStatus.paused + figures.byStatus.past_due)} />
          <Figure label={`Cancellations in ${cancellationDays} days`} value={String(figures.cancellations.count)} />
        </dl>
        {figures.cancellations.reasons.length > 0 ? (
          <>
            <h3 className="mt-4 font-semibold">Why they cancelled</h3>
            <ul aria-label="Cancellation reasons" className="mt-1 list-disc pl-5">
              {figures.cancellations.reasons.map((entry) => (
                <li key={entry.reason} className="break-words">
                  {`${entry.reason} (${entry.count})`}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </AdminSection>

      <StatusTabs label="Subscription status" tabs={SUBSCRIPTION_TABS} current={asked.status} addressOf={(status) => listAddress(PATH, { ...filters, status })} />

      <ListSearch label="Search subscriptions" columns="sm:grid-cols-[1fr_auto]" refusal={placed.at.cursor ?? placed.at.status ?? placed.form}>
        {asked.status ? <input type="hidden" name="status" value={asked.status} /> : null}
        <TextField label="Email or name" name="q" type="search" defaultValue={asked.q} error={placed.at.q} />
      </ListSearch>

      <ExportedList noun="subscriptions" pages="Subscription pages" path={PATH} asked={asked} empty={subscriptions.length === 0} nextCursor={nextCursor} table={TABLE}>
        {subscriptions.map((subscription) => (
          <tr key={subscription.id} className="border-b border-black/10 align-top">
            <RowLink to={`${PATH}/${subscription.id}`}>#{subscription.id}</RowLink>
            <CustomerCell name={subscription.customerName} email={subscription.email} />
            <td className="px-3 py-2">{subscriptionStatusLabel(subscription.status)}</td>
            <td className="px-3 py-2">
              {subscription.plan}
              <span className="block text-black/70">{subscription.items}</span>
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{subscription.status === "cancelled" ? "None" : dayLabel(subscription.nextRenewalAt, timeZone)}</td>
          </tr>
        ))}
      </ExportedList>

      <AdminSection title="Coming deliveries">
        <p>
          What the renewals of today and the next {planDays} days take, day by day: what to roast and pack. Paused subscriptions count from the day
          they resume.
        </p>
        <p className="mt-2">
          <a href="/api/admin/subscriptions/plan.csv" download className="font-medium underline">
            Download the plan as CSV
          </a>
        </p>
        {plan.length === 0 ? (
          <p className="mt-4">No deliveries in the next {planDays} days.</p>
        ) : (
          <ol aria-label="Deliveries by day" className="mt-4 grid gap-4 sm:grid-cols-2">
            {plan.map(({ day, items }) => (
              <li key={day} className="rounded border border-black/15 p-3">
                {/* Already the shop's day: its UTC midnight names that same day. */}
                <h3 className="font-semibold">{dayLabel(`${day}T00:00:00Z`, "UTC")}</h3>
                <ul className="mt-2 flex flex-col gap-1">
                  {items.map((item) => (
                    <li key={item.sku} className="flex gap-3">
                      <span className="min-w-8 text-right font-semibold">{item.quantity} ×</span>
                      <span className="min-w-0 break-words">
                        {item.title}
                        {item.options ? <span className="block text-sm">{item.options}</span> : null}
                        <span className="block text-sm text-black/70">SKU {item.sku}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
