import { AdminErrorBoundary, adminMeta } from "~/components/admin/admin-page";
import { linksAsked } from "~/components/admin/links-step";
import { CONTENT_KINDS, contentKindAt, emptyContentDraft } from "~/components/admin/content-draft";
import { NewContent } from "~/components/admin/content-screens";
import { contentFormAction, requireStaffPage } from "./admin.content.server";
import type { Route } from "./+types/admin.content.new";

export const meta = ({ location }: Route.MetaArgs) => adminMeta(`New ${CONTENT_KINDS[contentKindAt(location.pathname)].noun}`);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content");
  return { kind: contentKindAt(new URL(request.url).pathname) };
}

export const action = ({ request, context }: Route.ActionArgs) => contentFormAction(context, request, contentKindAt(new URL(request.url).pathname), null);

export default function NewContentScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { formAnswer } = linksAsked(actionData);
  return <NewContent kind={loaderData.kind} draft={formAnswer?.draft ?? emptyContentDraft()} errors={formAnswer?.errors ?? []} />;
}

export const ErrorBoundary = AdminErrorBoundary;
