import { Link, redirect } from "react-router";
import { formatMoney } from "@core/money";
import { can } from "@core/staff-roles";
import { LOW_STOCK_THRESHOLD } from "@core/stock-band";
import { AdminErrorBoundary, adminMeta, AdminPage, AdminSection, Figure } from "~/components/admin/admin-page";
import { SCREEN_SUMMARIES } from "~/components/admin/admin-screen-summaries";
import { screenGroupsFor } from "~/components/admin/admin-screens";
import { When } from "~/components/admin/when";
import {
  ACCOUNT_PATH,
  listFailedJobs,
  listReviews,
  lowStockVariants,
  newestContactMessages,
  ordersToShipCount,
  requireStaffPage,
  salesFigures,
} from "./admin._index.server";
import type { Route } from "./+types/admin._index";

export const meta = () => adminMeta("Home");

const NEWEST_REVIEWS = 5;
const NEWEST_MESSAGES = 5;
const FAILED_JOBS_SHOWN = 5;

/** Each part is read only for a role that may see it, so a figure never reaches a member the matrix keeps it from. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { member, totpSetupRequired } = await requireStaffPage(context, request, "own-account");
  if (totpSetupRequired) throw redirect(ACCOUNT_PATH);
  const { db, storeId } = context;
  const role = member.role;
  const [sales, toShip, lowStock, reviews, messages, failedJobs] = await Promise.all([
    can(role, "analytics") ? salesFigures(db, storeId) : null,
    can(role, "orders") ? ordersToShipCount(db, storeId) : null,
    can(role, "catalogue") ? lowStockVariants(db, storeId) : null,
    can(role, "reviews") ? listReviews(db, storeId, { limit: NEWEST_REVIEWS }).then((page) => page.reviews) : null,
    // Customers write to the shop: whoever answers customers reads them.
    can(role, "customers") ? newestContactMessages(db, storeId, NEWEST_MESSAGES) : null,
    // Background work that used up its retries (decision 0033): whoever runs the shop's settings must hear of it.
    can(role, "settings") ? listFailedJobs(db, FAILED_JOBS_SHOWN) : null,
  ]);
  // The home screen lists the role's other screens, each with what it is for.
  const screens = screenGroupsFor(role)
    .map((group) => ({ title: group.title, screens: group.screens.filter((screen) => screen.to !== "/admin").map((screen) => ({ ...screen, summary: SCREEN_SUMMARIES[screen.to] })) }))
    .filter((group) => group.screens.length > 0);
  return { name: member.name, role, sales, toShip, lowStock, reviews, messages, failedJobs, analytics: can(role, "analytics"), screens };
}

/** A panel of the shop's newest or most pressing things; none when the role may not see them (`items` is null). */
function ListSection<Item>({ title, items, empty, row }: { title: string; items: Item[] | null; empty: string; row: (item: Item) => React.ReactNode }) {
  if (!items) return null;
  return (
    <AdminSection title={title}>
      {items.length === 0 ? <p>{empty}</p> : <ul className="flex flex-col divide-y divide-black/10">{items.map(row)}</ul>}
    </AdminSection>
  );
}

/** The shop at a glance, as far as the member's role reaches, and the screens the role opens, in their groups. */
export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { name, sales, toShip, lowStock, reviews, messages, failedJobs, analytics, screens } = loaderData;
  const nothing = !sales && toShip === null && !lowStock && !reviews && !messages;
  return (
    <AdminPage title={`Welcome, ${name}`} intro={<p>{nothing ? "Your role opens your own account; the back office's menu has it." : "The shop today."}</p>}>
      {failedJobs?.length ? (
        <AdminSection title="Jobs that keep failing">
          <p className="mb-2 text-sm">Each was tried again with longer waits and then given up; the newest first.</p>
          <ul className="flex flex-col divide-y divide-black/10">
            {failedJobs.map((job) => (
              <li key={job.id} className="py-2">
                <p>
                  <span className="font-medium">{job.name}</span> · {job.attempts} attempts, the last <When at={job.failedAt} />
                </p>
                <p className="text-sm break-words">{job.error}</p>
              </li>
            ))}
          </ul>
        </AdminSection>
      ) : null}

      {sales ? (
        <AdminSection title="Sales">
          <dl className="grid gap-3 sm:grid-cols-3">
            <Figure label="Today" value={formatMoney(sales.todayCents)} />
            <Figure label="Last 7 days" value={formatMoney(sales.last7DaysCents)} />
            <Figure label="Last 30 days" value={formatMoney(sales.last30DaysCents)} />
          </dl>
          <p className="mt-3 text-sm">Orders paid in each period less what was refunded of them, by the shop&apos;s day.</p>
          {analytics ? (
            <p className="mt-2">
              <Link to="/admin/analytics" reloadDocument className="font-medium underline">
                Analytics
              </Link>
            </p>
          ) : null}
        </AdminSection>
      ) : null}

      {toShip !== null ? (
        <AdminSection title="Orders to ship">
          <p className="text-2xl font-semibold">{toShip}</p>
          <p className="mt-1">
            <Link to="/admin/orders?status=paid" className="font-medium underline">
              {toShip === 1 ? "See the order to ship" : "See the orders to ship"}
            </Link>
          </p>
        </AdminSection>
      ) : null}

      <ListSection
        title="Low stock"
        items={lowStock}
        empty={`Every variant has more than ${LOW_STOCK_THRESHOLD} in stock.`}
        row={(variant) => (
          <li key={variant.sku} className="flex flex-wrap justify-between gap-x-4 py-2">
            <span>
              <Link to={`/admin/inventory/${variant.variantId}`} className="underline">
                {variant.productTitle}
              </Link>{" "}
              {Object.values(variant.attributes).join(" / ")} <span className="text-sm text-black/70">SKU {variant.sku}</span>
            </span>
            <span className="font-medium">{variant.stock === 0 ? "Out of stock" : `${variant.stock} left`}</span>
          </li>
        )}
      />

      <ListSection
        title="Newest reviews"
        items={reviews}
        empty="No reviews yet."
        row={(review) => (
          <li key={review.id} className="py-2">
            <p>
              <span className="font-medium">{review.rating} of 5</span> · {review.title}
              {review.status === "published" ? "" : ` (${review.status})`}
            </p>
            <p className="text-sm">
              {review.reviewerName} on{" "}
              <Link to={`/products/${review.productHandle}`} className="underline">
                {review.productTitle}
              </Link>
              , <When at={review.createdAt} />
            </p>
          </li>
        )}
      />

      <ListSection
        title="Newest messages"
        items={messages}
        empty="No messages yet."
        row={(message) => (
          <li key={message.id} className="py-2">
            <p>
              <span className="font-medium">{message.name || message.email}</span> ·{" "}
              <a href={`mailto:${message.email}`} className="break-all underline">
                {message.email}
              </a>
              , <When at={message.createdAt} />
            </p>
            <p className="line-clamp-2 text-sm break-words">{message.message}</p>
          </li>
        )}
      />

      <AdminSection title="Your screens">
        <div className="grid gap-6 sm:grid-cols-2">
          {screens.map((group) => (
            <div key={group.screens[0].to}>
              {group.title ? <h3 className="mb-2 font-semibold">{group.title}</h3> : null}
              <ul className="flex flex-col gap-2">
                {group.screens.map((screen) => (
                  <li key={screen.to}>
                    <Link to={screen.to} className="font-medium underline">
                      {screen.label}
                    </Link>
                    <span className="block text-sm">{screen.summary}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
