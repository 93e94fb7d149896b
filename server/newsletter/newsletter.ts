/** The footer's newsletter sign-up: subscribe, then confirm by email with the unsubscribe link. */
import type { AppDeps } from "../context";
import { addSubscriber, sendNewsletterEmail } from "./subscribers";

export async function subscribeToNewsletter(deps: AppDeps, storeId: string, email: string): Promise<void> {
  const { unsubscribeToken } = await addSubscriber(deps.db, storeId, email, "footer");
  await sendNewsletterEmail(deps, storeId, {
    to: email,
    subject: "You're subscribed",
    paragraphs: ["Thank you for joining our newsletter. We will keep you updated on our latest products and promotions."],
    unsubscribeToken,
    kind: "newsletter-welcome",
  });
}
