import { AdminErrorBoundary, adminHeaders, adminMeta } from "~/components/admin/admin-page";
import { contentNoticeOf, draftOfContent } from "~/components/admin/content-draft";
import { EditContent } from "~/components/admin/content-screens";
import { contentFormAction, contentIdOf, contentRecordOf, requireStaffPage } from "./admin.content.server";
import type { Route } from "./+types/admin.posts.$id";

export const headers = adminHeaders;
export const meta = ({ data: loaded }: Route.MetaArgs) => adminMeta(loaded ? `Post: ${loaded.record.title}` : "Post");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content");
  const post = await contentRecordOf(context, "post", contentIdOf(params));
  const url = new URL(request.url);
  return {
    record: { id: post.id, title: post.title, address: post.blogId, status: post.status },
    draft: draftOfContent(post),
    notice: contentNoticeOf(url),
    confirmDelete: url.searchParams.has("delete"),
  };
}

export const action = ({ request, context, params }: Route.ActionArgs) => contentFormAction(context, request, "post", contentIdOf(params));

export default function EditPost({ loaderData, actionData }: Route.ComponentProps) {
  const { record, notice, confirmDelete } = loaderData;
  return (
    <EditContent
      kind="post"
      record={record}
      draft={actionData?.draft ?? loaderData.draft}
      errors={actionData?.errors ?? []}
      notice={actionData ? null : notice}
      confirmDelete={confirmDelete}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
