import { Link, redirect } from "react-router";
import { AdminErrorBoundary, adminHeaders, adminMeta, AdminPage } from "~/components/admin/admin-page";
import { screensFor } from "~/components/admin/admin-screens";
import { ACCOUNT_PATH, requireStaffPage } from "./admin.server";
import type { Route } from "./+types/admin._index";

export const headers = adminHeaders;
export const meta = () => adminMeta("Home");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { member, totpSetupRequired } = await requireStaffPage(context, request, "own-account");
  if (totpSetupRequired) throw redirect(ACCOUNT_PATH);
  return { name: member.name, role: member.role };
}

/** What this role can open; figures (sales, orders to ship) come with the dashboard, and none is shown before. */
export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const screens = screensFor(loaderData.role).filter((screen) => screen.to !== "/admin");
  return (
    <AdminPage title={`Welcome, ${loaderData.name}`} intro={<p>These are the parts of the back office your role opens.</p>}>
      <ul className="grid gap-4 sm:grid-cols-2">
        {screens.map((screen) => (
          <li key={screen.to} className="rounded-lg bg-card p-4 shadow-sm sm:p-6">
            <h2 className="text-lg font-semibold">
              <Link to={screen.to} reloadDocument={screen.reloadDocument} className="underline">
                {screen.label}
              </Link>
            </h2>
            <p className="mt-1">{screen.summary}</p>
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
