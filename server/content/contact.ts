/** Customer-service messages from the contact form: kept in the database and forwarded to the shop owner. */
import { desc, eq } from "drizzle-orm";
import type { ContactRequest } from "../../core/schemas/content";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { contactMessages } from "../db/schema";
import { escapeHtml, layoutHtml } from "../mail/mailer";
import { getStoreSettings, shopContactAddress } from "../store/settings";

export async function submitContactRequest(
  deps: AppDeps,
  storeId: string,
  data: ContactRequest["customer_service_data"],
): Promise<void> {
  const settings = await getStoreSettings(deps.db, storeId);
  await deps.db.insert(contactMessages).values({
    storeId,
    name: data.customer_name,
    email: data.customer_email,
    phone: data.customer_phone_number,
    message: data.message,
  });
  const lines: [string, string][] = [
    ["Name", data.customer_name || "(not given)"],
    ["Email", data.customer_email],
    ["Phone number", data.customer_phone_number || "(not given)"],
  ];
  const message = data.message || "(no message)";
  await deps.mailer.send({
    storeId,
    to: shopContactAddress(settings, deps.config),
    // The owner answers the customer with their mail program's Reply, whichever it is.
    replyTo: data.customer_email,
    // A name is free text: folded onto one line so it cannot add header lines.
    subject: `Contact form: message from ${(data.customer_name || data.customer_email).replace(/\s+/g, " ")}`,
    text: [...lines.map(([label, value]) => `${label}: ${value}`), "", message].join("\n"),
    html: layoutHtml(
      settings.websiteTitle,
      `<p>A customer wrote through the contact form.</p><ul>${lines
        .map(([label, value]) => `<li>${escapeHtml(label)}: ${escapeHtml(value)}</li>`)
        .join("")}</ul><p style="white-space:pre-wrap">${escapeHtml(message)}</p>`,
    ),
    kind: "contact-request",
  });
}

/** The newest messages from the contact form, for the back office's dashboard. */
export function newestContactMessages(db: Database, storeId: string, limit: number) {
  return db
    .select({ id: contactMessages.id, name: contactMessages.name, email: contactMessages.email, message: contactMessages.message, createdAt: contactMessages.createdAt })
    .from(contactMessages)
    .where(eq(contactMessages.storeId, storeId))
    .orderBy(desc(contactMessages.id))
    .limit(limit);
}
