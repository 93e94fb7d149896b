import { data, type AppLoadContext } from "react-router";
import { EmailLinkPage, emailLinkMeta, linkToken } from "~/components/ui/email-link-page";
import { statusOf, stopReminders } from "./cart-reminders-stop.server";
import type { Route } from "./+types/cart-reminders-stop";
import { isRefusal } from "@core/errors";

/** The reminder's "Don't remind me again" (decision 0037): one click marks the address, and changes nothing else. */
async function stop(context: AppLoadContext, request: Request) {
  try {
    await stopReminders(context.db, context.storeId, linkToken(request));
    return data({ problem: null }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (isRefusal(error, "bad-input", "gone")) {
      return data({ problem: error.message }, { status: statusOf(error), headers: { "Cache-Control": "no-store" } });
    }
    throw error;
  }
}

export const loader = ({ context, request }: Route.LoaderArgs) => stop(context, request);

/** Mail programs' one-click stop (RFC 8058) posts to the same address. */
export const action = ({ context, request }: Route.ActionArgs) => stop(context, request);

export const meta = () => emailLinkMeta("Cart reminders");

export default function CartRemindersStop({ loaderData, actionData }: Route.ComponentProps) {
  const { problem } = actionData ?? loaderData;
  return (
    <EmailLinkPage
      title={problem ? "This link cannot stop reminders" : "No more cart reminders"}
      message={problem ?? "We will not send this address another reminder about an unfinished order. Your cart is still there if you want it."}
    />
  );
}
