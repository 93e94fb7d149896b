import { data, Link, type AppLoadContext } from "react-router";
import { HttpError, stopReminders } from "./cart-reminders-stop.server";
import type { Route } from "./+types/cart-reminders-stop";

/** The reminder's "Don't remind me again" (decision 0037): one click marks the address, and changes nothing else. */
async function stop(context: AppLoadContext, request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    await stopReminders(context.db, context.storeId, token);
    return data({ problem: null }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof HttpError && (error.status === 400 || error.status === 410)) {
      return data({ problem: error.message }, { status: error.status, headers: { "Cache-Control": "no-store" } });
    }
    throw error;
  }
}

export const loader = ({ context, request }: Route.LoaderArgs) => stop(context, request);

/** Mail programs' one-click stop (RFC 8058) posts to the same address. */
export const action = ({ context, request }: Route.ActionArgs) => stop(context, request);

export function meta() {
  return [
    { title: "Cart reminders" },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function CartRemindersStop({ loaderData, actionData }: Route.ComponentProps) {
  const { problem } = actionData ?? loaderData;
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-heading text-3xl">{problem ? "This link cannot stop reminders" : "No more cart reminders"}</h1>
      <p className="mt-4">
        {problem ??
          "We will not send this address another reminder about an unfinished order. Your cart is still there if you want it."}
      </p>
      <Link to="/" className="mt-8 inline-block rounded bg-button px-6 py-3 font-semibold text-button-ink">
        Back to the shop
      </Link>
    </section>
  );
}
