import { data, Link } from "react-router";
import { unsubscribeStockAlerts } from "./back-in-stock-links.server";
import type { Route } from "./+types/back-in-stock-unsubscribe";

async function unsubscribe({ context, request }: Route.LoaderArgs | Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const done = await unsubscribeStockAlerts(context.db, context.storeId, token);
  return data({ done }, { status: done ? 200 : 404 });
}

/** One click from the email is enough: opening the link unsubscribes, with no sign-in. */
export const loader = unsubscribe;

/** Mail programs' one-click unsubscribe (RFC 8058) posts to the same address. */
export const action = unsubscribe;

export function meta() {
  return [
    { title: "Back-in-stock emails" },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function BackInStockUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { done } = actionData ?? loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-semibold">{done ? "No more back-in-stock emails" : "This link is not valid"}</h1>
      <p className="mt-4">
        {done
          ? "We will not email this address about items coming back in stock."
          : "The link may be incomplete. Copy the whole link from the email, or write to us through the contact page."}
      </p>
      <Link to="/" className="mt-8 inline-block rounded bg-button px-6 py-3 font-semibold text-button-ink">
        Back to the shop
      </Link>
    </div>
  );
}
