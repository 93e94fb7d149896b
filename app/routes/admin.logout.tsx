import { redirect } from "react-router";
import { ADMIN_PAGE_HEADERS } from "~/components/admin/admin-page";
import { signOutStaff } from "./admin.logout.server";
import type { Route } from "./+types/admin.logout";

/** Sign-out is a POST (the back office's form); an address typed or followed signs nobody out. */
export function loader() {
  return redirect("/admin", { headers: ADMIN_PAGE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const cookie = await signOutStaff(context, request);
  return redirect("/admin/login?signed-out", { headers: { ...ADMIN_PAGE_HEADERS, "Set-Cookie": cookie } });
}
