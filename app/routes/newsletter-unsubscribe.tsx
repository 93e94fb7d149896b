import { emailLinkMeta, oneClickStop, StopLinkPage } from "~/components/ui/email-link-page";
import { unsubscribe } from "./newsletter-unsubscribe.server";
import type { Route } from "./+types/newsletter-unsubscribe";

const leave = oneClickStop((context, token) => unsubscribe(context.db, token));
export const loader = leave;
export const action = leave;

export const meta = () => emailLinkMeta("Newsletter");

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <StopLinkPage
      done={(actionData ?? loaderData).done}
      stopped={{
        title: "You have been unsubscribed",
        message: "You will not receive our newsletter any more. You can sign up again at any time from the bottom of every page.",
      }}
      invalid={{ title: "This unsubscribe link is not valid" }}
    />
  );
}
