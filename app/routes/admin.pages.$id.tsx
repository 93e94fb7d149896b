import { AdminErrorBoundary, adminHeaders, adminMeta } from "~/components/admin/admin-page";
import { contentNoticeOf, draftOfContent } from "~/components/admin/content-draft";
import { EditContent } from "~/components/admin/content-screens";
import { contentFormAction, contentIdOf, contentRecordOf, requireStaffPage } from "./admin.content.server";
import type { Route } from "./+types/admin.pages.$id";

export const headers = adminHeaders;
export const meta = ({ data: loaded }: Route.MetaArgs) => adminMeta(loaded ? `Page: ${loaded.record.title}` : "Page");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content");
  const page = await contentRecordOf(context, "page", contentIdOf(params));
  const url = new URL(request.url);
  return {
    record: { id: page.id, title: page.title, address: page.name, status: page.status },
    draft: draftOfContent(page),
    notice: contentNoticeOf(url),
    confirmDelete: url.searchParams.has("delete"),
  };
}

export const action = ({ request, context, params }: Route.ActionArgs) => contentFormAction(context, request, "page", contentIdOf(params));

export default function EditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { record, notice, confirmDelete } = loaderData;
  return (
    <EditContent
      kind="page"
      record={record}
      draft={actionData?.draft ?? loaderData.draft}
      errors={actionData?.errors ?? []}
      notice={actionData ? null : notice}
      confirmDelete={confirmDelete}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
