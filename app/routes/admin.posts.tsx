import { AdminErrorBoundary, adminHeaders, adminMeta } from "~/components/admin/admin-page";
import { contentNoticeOf } from "~/components/admin/content-draft";
import { ContentList } from "~/components/admin/content-screens";
import { listPostRecords, requireStaffPage } from "./admin.content.server";
import type { Route } from "./+types/admin.posts";

export const headers = adminHeaders;
export const meta = () => adminMeta("Blog posts");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content");
  const posts = await listPostRecords(context.db, context.storeId);
  return {
    items: posts.map((post) => ({ id: post.id, title: post.title, address: post.blogId, status: post.status, author: post.author, updatedAt: post.updatedAt.toISOString() })),
    notice: contentNoticeOf(new URL(request.url)),
  };
}

export default function AdminPosts({ loaderData }: Route.ComponentProps) {
  return <ContentList kind="post" items={loaderData.items} notice={loaderData.notice} />;
}

export const ErrorBoundary = AdminErrorBoundary;
