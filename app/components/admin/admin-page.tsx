/**
 * What every back-office page shares: headers that keep it out of shared caches and search engines, its title,
 * the page frame, and the answer a refused or failed page gets inside the back office's own layout.
 */
import { isRouteErrorResponse, Link, useRouteError, type HeadersArgs } from "react-router";

export const ADMIN_PAGE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

/**
 * Every admin answer, a refusal included, is private to the member who asked. A form refused over a rate limit
 * keeps its Retry-After, which a page's headers would otherwise drop.
 */
export function adminHeaders({ actionHeaders }: HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { ...ADMIN_PAGE_HEADERS, "Retry-After": retryAfter } : ADMIN_PAGE_HEADERS;
}

export function adminMeta(title: string) {
  return [{ title: `${title} | Back office` }, { name: "robots", content: "noindex" }];
}

export function AdminPage({ title, intro, children }: { title: string; intro?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-semibold">{title}</h1>
      {intro ? <div className="mt-2 max-w-prose">{intro}</div> : null}
      <div className="mt-6 flex flex-col gap-8">{children}</div>
    </div>
  );
}

/** A record screen's intro: what to know of it first, if anything (ending in its separator), then the way back to its list. */
export function RecordIntro({ list, listLabel, children }: { list: string; listLabel: string; children?: React.ReactNode }) {
  return (
    <p>
      {children}
      <Link to={list} className="underline">
        {listLabel}
      </Link>
    </p>
  );
}

export function AdminSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg bg-card p-4 shadow-sm sm:p-6">
      <h2 className="mb-4 text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** One figure of a screen's figures (a `dl`): the value large under its label. */
export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded border border-black/15 p-3">
      <dt className="text-sm">{label}</dt>
      <dd className="text-2xl font-semibold">{value}</dd>
    </div>
  );
}

/** A screen's refusal or failure, drawn in the place of the screen so the navigation stays. */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [title, message] =
    status === 403
      ? ["Not allowed", "Your role does not give access to this page. Ask the shop's owner if you need it."]
      : status === 404
        ? ["Not found", "There is nothing at this address."]
        : ["Something went wrong", "The page could not be shown. Please try again in a moment."];
  return (
    <AdminPage title={title}>
      <title>{`${title} | Back office`}</title>
      <p>{message}</p>
      <p>
        <Link to="/admin" className="font-medium underline">
          Back office home
        </Link>
      </p>
    </AdminPage>
  );
}
