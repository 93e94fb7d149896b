/** The inbox screens' server side: their reads and writes are server/content/contact-inbox.ts, as the admin API's. */
import { messageListQuerySchema } from "@core/schemas/admin-messages";
import type { AppLoadContext } from "react-router";
import { listContactMessages } from "../../server/content/contact-inbox";
import { MESSAGE_FILTERS } from "~/components/admin/inbox-notices";
import { readList } from "./admin.server";

export { getContactMessage, markContactMessageSpam, openContactMessage, replyToContactMessage } from "../../server/content/contact-inbox";
export { formFailure, formValues, foundOrNotFound, HttpError, requireStaffPage } from "./admin.server";

/** The list the address asks for; a filter it cannot be is named beside it, with no messages. */
export async function readMessageList(context: AppLoadContext, url: URL) {
  const { asked, page, errors } = await readList(url, MESSAGE_FILTERS, messageListQuerySchema, (query) => listContactMessages(context.db, context.storeId, query));
  if (!page) return { asked, messages: [], nextCursor: null, errors, status: 400 };
  return { asked, messages: page.messages, nextCursor: page.nextCursor, errors, status: 200 };
}
