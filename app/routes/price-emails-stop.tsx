import { emailLinkMeta, oneClickStop, StopLinkPage } from "~/components/ui/email-link-page";
import { stopPriceDropEmails } from "./price-emails-stop.server";
import type { Route } from "./+types/price-emails-stop";

/** One click from a price-drop email stops them all, as the newsletter's unsubscribe does. */
const stop = oneClickStop((context, token) => stopPriceDropEmails(context.db, context.storeId, token));
export const loader = stop;
export const action = stop;

export const meta = () => emailLinkMeta("Price-drop emails");

export default function PriceEmailsStop({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <StopLinkPage
      done={(actionData ?? loaderData).done}
      stopped={{
        title: "Price-drop emails stopped",
        message: "We will not email you when a saved product gets cheaper. Your wishlist is kept; you can turn the emails on again from it.",
      }}
      invalid={{ message: "The link may be incomplete. Copy the whole link from the email, or turn the emails off from your wishlist." }}
      back={{ to: "/wishlist", label: "Go to your wishlist" }}
    />
  );
}
