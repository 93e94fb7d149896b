/** The subscriber list's server side: the list the address asks for, and unsubscribing (server/newsletter/subscribers.ts). */
import type { AppLoadContext } from "react-router";
import { subscriberListQuerySchema } from "@core/schemas/admin-subscribers";
import { listSubscribers } from "../../server/newsletter/subscribers";
import { SUBSCRIBER_FILTERS } from "~/components/admin/inbox-notices";
import { HttpError } from "./admin.server";

export { unsubscribeSubscriber } from "../../server/newsletter/subscribers";
export { formFailure, HttpError, requireStaffPage } from "./admin.server";

type Asked = Record<(typeof SUBSCRIBER_FILTERS)[number], string>;

export async function readSubscriberList(context: AppLoadContext, url: URL) {
  const asked = Object.fromEntries(SUBSCRIBER_FILTERS.map((name) => [name, url.searchParams.get(name)?.trim() ?? ""])) as Asked;
  const refused = (errors: { error: string; field?: string }[]) => ({ asked, subscribers: [], nextCursor: null, errors, status: 400 });
  const parsed = subscriberListQuerySchema.safeParse(Object.fromEntries(Object.entries(asked).filter(([, value]) => value !== "")));
  if (!parsed.success) return refused(parsed.error.issues.map((issue) => ({ error: issue.message, field: String(issue.path[0]) })));
  try {
    const page = await listSubscribers(context.db, context.storeId, parsed.data);
    return { asked, subscribers: page.subscribers, nextCursor: page.nextCursor, errors: [], status: 200 };
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) return refused([{ error: error.message, field: error.field }]);
    throw error;
  }
}
