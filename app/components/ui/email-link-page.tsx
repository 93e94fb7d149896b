import { Link } from "react-router";

/**
 * The page a one-click link in an email opens (leave the newsletter, stop price-drop, back-in-stock or cart emails):
 * what happened, or why the link could not do it, and the way back. The address carries the link's token, so search
 * engines do not index it and other sites are not told it.
 */
export function EmailLinkPage({ title, message, back }: { title: string; message: string; back?: { to: string; label: string } }) {
  const { to, label } = back ?? { to: "/", label: "Back to the shop" };
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="mt-4">{message}</p>
      <Link to={to} className="mt-8 inline-block rounded bg-button px-6 py-3 font-semibold text-button-ink">
        {label}
      </Link>
    </section>
  );
}

export function emailLinkMeta(title: string) {
  return [{ title }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];
}

/** The token an emailed link carries in its address. */
export const linkToken = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";
