import { data, Link, type AppLoadContext } from "react-router";

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

type Told = { title: string; message: string };

const NOT_VALID: Told = {
  title: "This link is not valid",
  message: "The link may be incomplete. Copy the whole link from the email, or write to us through the contact page.",
};

/**
 * The page of a link that stops emails (oneClickStop), `done` or not: what stopped, or that the link is not valid, in
 * the shared words unless `invalid` says otherwise.
 */
export function StopLinkPage({ done, stopped, invalid, back }: { done: boolean; stopped: Told; invalid?: Partial<Told>; back?: { to: string; label: string } }) {
  return <EmailLinkPage {...(done ? stopped : { ...NOT_VALID, ...invalid })} back={back} />;
}

export function emailLinkMeta(title: string) {
  return [{ title }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];
}

/** The token an emailed link carries in its address. */
export const linkToken = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

/**
 * The loader and the action of a link that stops emails: one click from the email is enough, with no sign-in, and
 * mail programs' one-click unsubscribe (RFC 8058) posts to the same address. A token that stops nothing is a 404.
 */
export function oneClickStop(stop: (context: AppLoadContext, token: string) => Promise<boolean>) {
  return async ({ context, request }: { context: AppLoadContext; request: Request }) => {
    const done = await stop(context, linkToken(request));
    return data({ done }, { status: done ? 200 : 404 });
  };
}
