/** The subscriber list's server side: the list the address asks for, and unsubscribing (server/newsletter/subscribers.ts). */
import type { AppLoadContext } from "react-router";
import { subscriberListQuerySchema } from "@core/schemas/admin-subscribers";
import { listSubscribers } from "../../server/newsletter/subscribers";
import { SUBSCRIBER_FILTERS } from "~/components/admin/inbox-notices";
import { readList } from "./admin.server";

export { unsubscribeSubscriber } from "../../server/newsletter/subscribers";
export { formFailure, HttpError, noticedListScreen, requireStaffPage } from "./admin.server";

export async function readSubscriberList(context: AppLoadContext, url: URL) {
  const { asked, page, errors } = await readList(url, SUBSCRIBER_FILTERS, subscriberListQuerySchema, (query) => listSubscribers(context.db, context.storeId, query));
  if (!page) return { asked, subscribers: [], nextCursor: null, errors, status: 400 };
  return { asked, subscribers: page.subscribers, nextCursor: page.nextCursor, errors, status: 200 };
}
