import { data } from "react-router";
import { EmailLinkPage, emailLinkMeta, linkToken } from "~/components/ui/email-link-page";
import { unsubscribeStockAlerts } from "./back-in-stock-links.server";
import type { Route } from "./+types/back-in-stock-unsubscribe";

async function unsubscribe({ context, request }: Route.LoaderArgs | Route.ActionArgs) {
  const done = await unsubscribeStockAlerts(context.db, context.storeId, linkToken(request));
  return data({ done }, { status: done ? 200 : 404 });
}

/** One click from the email is enough: opening the link unsubscribes, with no sign-in. */
export const loader = unsubscribe;

/** Mail programs' one-click unsubscribe (RFC 8058) posts to the same address. */
export const action = unsubscribe;

export const meta = () => emailLinkMeta("Back-in-stock emails");

export default function BackInStockUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { done } = actionData ?? loaderData;
  return done ? (
    <EmailLinkPage title="No more back-in-stock emails" message="We will not email this address about items coming back in stock." />
  ) : (
    <EmailLinkPage
      title="This link is not valid"
      message="The link may be incomplete. Copy the whole link from the email, or write to us through the contact page."
    />
  );
}
