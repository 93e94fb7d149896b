import { data, Form } from "react-router";
import { ADMIN_PAGE_HEADERS, AdminErrorBoundary } from "~/components/admin/admin-page";
import { CartRemindersReport } from "~/components/analytics/cart-reminders-report";
import { BarTable, DailyChart } from "~/components/analytics/charts";
import { PageSpeedReport } from "~/components/analytics/page-speed-report";
import {
  analyticsReport,
  cartReminderReport,
  DEFAULT_REPORT_DAYS,
  pageSpeedReport,
  recentSessions,
  requireStaffPage,
} from "./admin-analytics.server";
import type { Route } from "./+types/admin-analytics";

const PERIODS = [7, 30, 90, 180];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "analytics");
  const requested = Number(new URL(request.url).searchParams.get("days"));
  const days = PERIODS.includes(requested) ? requested : DEFAULT_REPORT_DAYS;
  const [report, sessions, reminders, pageSpeed] = await Promise.all([
    analyticsReport(context.db, context.storeId, { days }),
    recentSessions(context.db, context.storeId),
    cartReminderReport(context.db, context.storeId, { days }),
    pageSpeedReport(context.db, context.storeId),
  ]);
  return data({ report, sessions, reminders, pageSpeed }, { headers: ADMIN_PAGE_HEADERS });
}

export function meta() {
  return [{ title: "Browsing analytics | Back office" }, { name: "robots", content: "noindex" }];
}

const percent = (rate: number | null) => (rate === null ? "—" : `${Math.round(rate * 1000) / 10}%`);

/** The owner's analytics report: how shoppers browse, search and abandon carts, from the shop's own data. */
export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  const { report, sessions, reminders, pageSpeed } = loaderData;
  const { funnel, cart } = report;
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-4xl font-semibold">Browsing analytics</h1>
          <p className="mt-2">
            Last {report.days} days, since {report.since.slice(0, 10)}: {report.sessions} sessions.
          </p>
        </div>
        <Form method="get" className="flex items-end gap-2">
          <label className="text-sm">
            Period
            <select
              name="days"
              defaultValue={report.days}
              className="mt-1 block rounded border border-black/40 bg-white px-3 py-2"
            >
              {PERIODS.map((days) => (
                <option key={days} value={days}>
                  Last {days} days
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="rounded bg-button px-4 py-2 text-button-ink">
            Show
          </button>
        </Form>
      </div>

      <dl className="mb-8 grid gap-4 sm:grid-cols-3">
        <div className="rounded-lg bg-card p-6 shadow-sm">
          <dt className="text-sm">Cart abandonment rate</dt>
          <dd className="text-3xl font-semibold">{percent(cart.abandonmentRate)}</dd>
          <dd className="text-sm">
            {cart.abandoned} abandoned, {cart.purchased} purchased
          </dd>
        </div>
        <div className="rounded-lg bg-card p-6 shadow-sm">
          <dt className="text-sm">Average search duration</dt>
          <dd className="text-3xl font-semibold">
            {report.averageSearchSeconds === null ? "—" : `${report.averageSearchSeconds} s`}
          </dd>
        </div>
        <div className="rounded-lg bg-card p-6 shadow-sm">
          <dt className="text-sm">Sessions</dt>
          <dd className="text-3xl font-semibold">{report.sessions}</dd>
        </div>
      </dl>

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="lg:col-span-2">
          <DailyChart title="Sessions per day" days={report.sessionsPerDay} />
        </div>
        <BarTable
          caption="Funnel"
          unit="Sessions"
          rows={[
            { label: "Viewed a product", count: funnel.productView },
            { label: "Added to cart", count: funnel.addToCart },
            { label: "Reached checkout", count: funnel.checkout },
            { label: "Purchased", count: funnel.purchase },
          ]}
        />
        <BarTable caption="Top pages" unit="Views" rows={report.topPages} />
        <BarTable caption="Top products viewed" unit="Views" rows={report.topProducts} />
        <BarTable caption="Top searches" unit="Searches" rows={report.topSearches} />
        <BarTable
          caption="Searches with no results"
          unit="Searches"
          rows={report.searchesWithNoResults}
          empty="Every recorded search found something."
        />
      </div>

      <CartRemindersReport report={reminders} />

      <PageSpeedReport report={pageSpeed} />

      <section className="mt-8 rounded-lg bg-card p-6 shadow-sm">
        <h2 id="recent-sessions-heading" className="mb-4 text-xl font-semibold">
          Recent sessions
        </h2>
        {sessions.length === 0 ? (
          <p>No sessions yet.</p>
        ) : (
          // A phone scrolls the wide table sideways, by keyboard too: the region takes focus (axe's
          // scrollable-region-focusable; the rows hold nothing focusable to scroll it with).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the focus is for scrolling
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="recent-sessions-heading">
            <table className="w-full border-collapse text-left text-sm">
              <thead>
                <tr className="border-b border-black/20">
                  <th scope="col" className="py-2 pr-4">Session</th>
                  <th scope="col" className="py-2 pr-4">Started</th>
                  <th scope="col" className="py-2 pr-4">Pages</th>
                  <th scope="col" className="py-2 pr-4">Products viewed</th>
                  <th scope="col" className="py-2 pr-4">Searches</th>
                  <th scope="col" className="py-2 pr-4">Cart events</th>
                  <th scope="col" className="py-2">Cart status</th>
                </tr>
              </thead>
              <tbody>
                {sessions.map((session) => (
                  <tr key={session.ref} className="border-b border-black/10 align-top">
                    <th scope="row" className="py-2 pr-4 font-mono font-normal">{session.ref}</th>
                    <td className="py-2 pr-4 whitespace-nowrap">{session.startedAt.slice(0, 16).replace("T", " ")}</td>
                    <td className="py-2 pr-4 break-all">{session.pages.join(", ")}</td>
                    <td className="py-2 pr-4">
                      {session.productViews.map((view) => `${view.label} ×${view.count}`).join(", ")}
                    </td>
                    <td className="py-2 pr-4">
                      {session.searches
                        .map((entry) => `${entry.query} (${entry.duration} s${entry.resultCount === 0 ? ", no results" : ""})`)
                        .join(", ")}
                    </td>
                    <td className="py-2 pr-4">
                      {session.cartEvents.map((event) => (event.sku ? `${event.type} ${event.sku}` : event.type)).join(", ")}
                    </td>
                    <td className="py-2">{session.cartStatus}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
