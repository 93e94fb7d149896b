import { data, Link } from "react-router";
import { stopPriceDropEmails } from "./price-emails-stop.server";
import type { Route } from "./+types/price-emails-stop";

async function stop(context: Route.LoaderArgs["context"], request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const done = await stopPriceDropEmails(context.db, context.storeId, token);
  return data({ done }, { status: done ? 200 : 404 });
}

/** One click from a price-drop email stops them all, with no sign-in, as the newsletter's unsubscribe does. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return stop(context, request);
}

/** Mail programs' one-click unsubscribe (RFC 8058) posts to the same address. */
export async function action({ context, request }: Route.ActionArgs) {
  return stop(context, request);
}

export function meta() {
  return [
    { title: "Price-drop emails" },
    // The address carries a token: keep it out of search engines and other sites' logs.
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function PriceEmailsStop({ loaderData, actionData }: Route.ComponentProps) {
  const { done } = actionData ?? loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-semibold">{done ? "Price-drop emails stopped" : "This link is not valid"}</h1>
      <p className="mt-4">
        {done
          ? "We will not email you when a saved product gets cheaper. Your wishlist is kept; you can turn the emails on again from it."
          : "The link may be incomplete. Copy the whole link from the email, or turn the emails off from your wishlist."}
      </p>
      <Link to="/wishlist" className="mt-8 inline-block rounded bg-button px-6 py-3 font-semibold text-button-ink">
        Go to your wishlist
      </Link>
    </div>
  );
}
