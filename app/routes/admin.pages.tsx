import { AdminErrorBoundary, adminHeaders, adminMeta } from "~/components/admin/admin-page";
import { contentNoticeOf } from "~/components/admin/content-draft";
import { ContentList } from "~/components/admin/content-screens";
import { listPageRecords, requireStaffPage } from "./admin.content.server";
import type { Route } from "./+types/admin.pages";

export const headers = adminHeaders;
export const meta = () => adminMeta("Pages");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content");
  const pages = await listPageRecords(context.db, context.storeId);
  return {
    items: pages.map((page) => ({ id: page.id, title: page.title, address: page.name, status: page.status, updatedAt: page.updatedAt.toISOString() })),
    notice: contentNoticeOf(new URL(request.url)),
  };
}

export default function AdminPages({ loaderData }: Route.ComponentProps) {
  return <ContentList kind="page" items={loaderData.items} notice={loaderData.notice} />;
}

export const ErrorBoundary = AdminErrorBoundary;
