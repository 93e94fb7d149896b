/** A file a message in the mailbox carries (an invoice), guarded as the mailbox is. */
import { data } from "react-router";
import type { Route } from "./+types/dev-mailbox-attachment";
import { outboxAttachment, requireStaffPage } from "./dev-mailbox.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (context.config.NODE_ENV === "production") await requireStaffPage(context, request, "outbox");
  const id = Number(params.id);
  const file = Number.isSafeInteger(id) && id > 0 ? await outboxAttachment(context.db, id, params.file) : null;
  if (!file) throw data("Not found", { status: 404 });
  return new Response(new Uint8Array(file.content), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename.replace(/"/g, "")}"`,
      "Cache-Control": "no-store",
    },
  });
}
