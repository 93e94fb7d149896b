import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../server/db/client";
import { mailAttachments, mailOutbox } from "../../server/db/schema";

export { requireStaffPage } from "./admin.server";

/** The newest messages, each with the names of the files it carries (not their bytes). */
export async function newestOutboxMessages(db: Database, limit: number) {
  const messages = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
  const files =
    messages.length === 0
      ? []
      : await db
          .select({ mailId: mailAttachments.mailId, filename: mailAttachments.filename })
          .from(mailAttachments)
          .where(inArray(mailAttachments.mailId, messages.map((message) => message.id)))
          .orderBy(mailAttachments.id);
  return messages.map((message) => ({ ...message, attachments: files.filter((file) => file.mailId === message.id).map((file) => file.filename) }));
}

/** A file a message carries, by the message's id and the file's name. */
export async function outboxAttachment(db: Database, mailId: number, filename: string) {
  const [file] = await db
    .select()
    .from(mailAttachments)
    .where(and(eq(mailAttachments.mailId, mailId), eq(mailAttachments.filename, filename)));
  return file ?? null;
}
