import { Outlet } from "react-router";
import { AdminErrorBoundary, adminHeaders } from "~/components/admin/admin-page";
import { AdminShell } from "~/components/admin/admin-shell";
import { OWNER_LAYOUT } from "~/components/layout/owner-layout";
import { requireStaffPage, shopTimeZone } from "./admin.server";
import type { Route } from "./+types/admin";

export const handle = OWNER_LAYOUT;
// Every screen below answers with these: a route without headers of its own is given its parent's.
export const headers = adminHeaders;

/**
 * Who is signed in, for the frame, and the shop's time zone every date below is printed in (components/admin/when);
 * each screen checks its own permission as well, since loaders run side by side.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [{ member, totpSetupRequired }, timeZone] = await Promise.all([
    requireStaffPage(context, request, "own-account"),
    shopTimeZone(context.db, context.storeId),
  ]);
  return { staff: { name: member.name, email: member.email, role: member.role }, totpSetupRequired, timeZone };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell staff={loaderData.staff}>
      <Outlet />
    </AdminShell>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
