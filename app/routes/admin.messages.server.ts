/** The inbox screens' server side: their reads and writes are server/content/contact-inbox.ts, as the admin API's. */
import { messageListQuerySchema } from "@core/schemas/admin-messages";
import type { AppLoadContext } from "react-router";
import { listContactMessages } from "../../server/content/contact-inbox";
import { MESSAGE_FILTERS } from "~/components/admin/inbox-notices";
import { HttpError } from "./admin.server";

export { getContactMessage, markContactMessageSpam, openContactMessage, replyToContactMessage } from "../../server/content/contact-inbox";
export { formFailure, formValues, HttpError, requireStaffPage } from "./admin.server";

type Asked = Record<(typeof MESSAGE_FILTERS)[number], string>;

/** The list the address asks for; a filter it cannot be is named beside it, with no messages. */
export async function readMessageList(context: AppLoadContext, url: URL) {
  const asked = Object.fromEntries(MESSAGE_FILTERS.map((name) => [name, url.searchParams.get(name)?.trim() ?? ""])) as Asked;
  const refused = (errors: { error: string; field?: string }[]) => ({ asked, messages: [], nextCursor: null, errors, status: 400 });
  const parsed = messageListQuerySchema.safeParse(Object.fromEntries(Object.entries(asked).filter(([, value]) => value !== "")));
  if (!parsed.success) return refused(parsed.error.issues.map((issue) => ({ error: issue.message, field: String(issue.path[0]) })));
  try {
    const page = await listContactMessages(context.db, context.storeId, parsed.data);
    return { asked, messages: page.messages, nextCursor: page.nextCursor, errors: [], status: 200 };
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) return refused([{ error: error.message, field: error.field }]);
    throw error;
  }
}
