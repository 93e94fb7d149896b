import { data } from "react-router";
import { EmailLinkPage, emailLinkMeta, linkToken } from "~/components/ui/email-link-page";
import { unsubscribe } from "./newsletter-unsubscribe.server";
import type { Route } from "./+types/newsletter-unsubscribe";

async function leave({ context, request }: Route.LoaderArgs | Route.ActionArgs) {
  const done = await unsubscribe(context.db, linkToken(request));
  return data({ done }, { status: done ? 200 : 404 });
}

/** One click from the email is enough: opening the link unsubscribes, with no sign-in. */
export const loader = leave;

/** Mail programs' one-click unsubscribe (RFC 8058) posts to the same address. */
export const action = leave;

export const meta = () => emailLinkMeta("Newsletter");

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { done } = actionData ?? loaderData;
  return done ? (
    <EmailLinkPage
      title="You have been unsubscribed"
      message="You will not receive our newsletter any more. You can sign up again at any time from the bottom of every page."
    />
  ) : (
    <EmailLinkPage
      title="This unsubscribe link is not valid"
      message="The link may be incomplete. Copy the whole link from the email, or write to us through the contact page."
    />
  );
}
