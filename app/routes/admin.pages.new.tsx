import { AdminErrorBoundary, adminHeaders, adminMeta } from "~/components/admin/admin-page";
import { emptyContentDraft } from "~/components/admin/content-draft";
import { NewContent } from "~/components/admin/content-screens";
import { contentFormAction, requireStaffPage } from "./admin.content.server";
import type { Route } from "./+types/admin.pages.new";

export const headers = adminHeaders;
export const meta = () => adminMeta("New page");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content");
  return null;
}

export const action = ({ request, context }: Route.ActionArgs) => contentFormAction(context, request, "page", null);

export default function NewPage({ actionData }: Route.ComponentProps) {
  return <NewContent kind="page" draft={actionData?.draft ?? emptyContentDraft()} errors={actionData?.errors ?? []} />;
}

export const ErrorBoundary = AdminErrorBoundary;
