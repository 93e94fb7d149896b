import { data } from "react-router";
import { EmailLinkPage, emailLinkMeta, linkToken } from "~/components/ui/email-link-page";
import { stopPriceDropEmails } from "./price-emails-stop.server";
import type { Route } from "./+types/price-emails-stop";

async function stop({ context, request }: Route.LoaderArgs | Route.ActionArgs) {
  const done = await stopPriceDropEmails(context.db, context.storeId, linkToken(request));
  return data({ done }, { status: done ? 200 : 404 });
}

/** One click from a price-drop email stops them all, with no sign-in, as the newsletter's unsubscribe does. */
export const loader = stop;

/** Mail programs' one-click unsubscribe (RFC 8058) posts to the same address. */
export const action = stop;

export const meta = () => emailLinkMeta("Price-drop emails");

const TO_WISHLIST = { to: "/wishlist", label: "Go to your wishlist" };

export default function PriceEmailsStop({ loaderData, actionData }: Route.ComponentProps) {
  const { done } = actionData ?? loaderData;
  return done ? (
    <EmailLinkPage
      title="Price-drop emails stopped"
      message="We will not email you when a saved product gets cheaper. Your wishlist is kept; you can turn the emails on again from it."
      back={TO_WISHLIST}
    />
  ) : (
    <EmailLinkPage
      title="This link is not valid"
      message="The link may be incomplete. Copy the whole link from the email, or turn the emails off from your wishlist."
      back={TO_WISHLIST}
    />
  );
}
