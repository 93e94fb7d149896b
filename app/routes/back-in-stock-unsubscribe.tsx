import { emailLinkMeta, oneClickStop, StopLinkPage } from "~/components/ui/email-link-page";
import { unsubscribeStockAlerts } from "./back-in-stock-links.server";
import type { Route } from "./+types/back-in-stock-unsubscribe";

const unsubscribe = oneClickStop((context, token) => unsubscribeStockAlerts(context.db, context.storeId, token));
export const loader = unsubscribe;
export const action = unsubscribe;

export const meta = () => emailLinkMeta("Back-in-stock emails");

export default function BackInStockUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <StopLinkPage
      done={(actionData ?? loaderData).done}
      stopped={{ title: "No more back-in-stock emails", message: "We will not email this address about items coming back in stock." }}
    />
  );
}
