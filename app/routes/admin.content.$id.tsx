import { AdminErrorBoundary, adminMeta } from "~/components/admin/admin-page";
import { linksAsked } from "~/components/admin/links-step";
import { CONTENT_KINDS, contentKindAt, CONTENT_NOTICES, draftOfContent } from "~/components/admin/content-draft";
import { EditContent } from "~/components/admin/content-screens";
import { contentFormAction, contentIdOf, contentRecordOf, requireStaffPage } from "./admin.content.server";
import type { Route } from "./+types/admin.content.$id";

export const meta = ({ data: loaded, location }: Route.MetaArgs) => {
  const { Noun } = CONTENT_KINDS[contentKindAt(location.pathname)];
  return adminMeta(loaded ? `${Noun}: ${loaded.record.title}` : Noun);
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content");
  const url = new URL(request.url);
  const kind = contentKindAt(url.pathname);
  const stored = await contentRecordOf(context, kind, contentIdOf(params));
  const draft = draftOfContent(stored);
  return {
    kind,
    record: { id: stored.id, title: stored.title, address: draft.address, status: stored.status },
    draft,
    notice: CONTENT_NOTICES.of(url),
    confirmDelete: url.searchParams.has("delete"),
  };
}

export const action = ({ request, context, params }: Route.ActionArgs) =>
  contentFormAction(context, request, contentKindAt(new URL(request.url).pathname), contentIdOf(params));

export default function EditContentScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { linksLeadHere, formAnswer } = linksAsked(actionData);
  const { kind, record, notice, confirmDelete } = loaderData;
  return (
    <EditContent
      kind={kind}
      record={record}
      draft={formAnswer?.draft ?? loaderData.draft}
      errors={formAnswer?.errors ?? []}
      notice={formAnswer ? null : notice}
      confirmDelete={confirmDelete}
      linksLeadHere={linksLeadHere}
      asking={formAnswer?.asking}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
