import { AdminErrorBoundary, adminMeta } from "~/components/admin/admin-page";
import { CONTENT_KINDS, contentKindAt, CONTENT_NOTICES } from "~/components/admin/content-draft";
import { ContentList } from "~/components/admin/content-screens";
import { listedContentOf, requireStaffPage } from "./admin.content.server";
import type { Route } from "./+types/admin.content";

export const meta = ({ location }: Route.MetaArgs) => adminMeta(CONTENT_KINDS[contentKindAt(location.pathname)].nouns);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content");
  const url = new URL(request.url);
  const kind = contentKindAt(url.pathname);
  return { kind, items: await listedContentOf(context, kind), notice: CONTENT_NOTICES.of(url) };
}

export default function AdminContent({ loaderData }: Route.ComponentProps) {
  return <ContentList kind={loaderData.kind} items={loaderData.items} notice={loaderData.notice} />;
}

export const ErrorBoundary = AdminErrorBoundary;
