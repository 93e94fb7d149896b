import { data, Link } from "react-router";
import { unsubscribe } from "./newsletter-unsubscribe.server";
import type { Route } from "./+types/newsletter-unsubscribe";

/** One click from the email is enough: opening the link unsubscribes, with no sign-in. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const done = await unsubscribe(context.db, token);
  return data({ done }, { status: done ? 200 : 404 });
}

/** Mail programs' one-click unsubscribe (RFC 8058) posts to the same address. */
export async function action({ context, request }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const done = await unsubscribe(context.db, token);
  return data({ done }, { status: done ? 200 : 404 });
}

export function meta() {
  return [
    { title: "Newsletter" },
    // The address carries the subscriber's token: keep it out of search engines and other sites' logs.
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { done } = actionData ?? loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-semibold">{done ? "You have been unsubscribed" : "This unsubscribe link is not valid"}</h1>
      <p className="mt-4">
        {done
          ? "You will not receive our newsletter any more. You can sign up again at any time from the bottom of every page."
          : "The link may be incomplete. Copy the whole link from the email, or write to us through the contact page."}
      </p>
      <Link to="/" className="mt-8 inline-block rounded bg-button px-6 py-3 font-semibold text-button-ink">
        Back to the shop
      </Link>
    </div>
  );
}
