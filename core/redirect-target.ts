/**
 * Where a redirect made from input (a query parameter, a form field, a Referer) may send the browser: a path of
 * this shop, or the caller's fallback (decision 0044). The value is parsed as the browser will read the Location
 * header, with the WHATWG URL parser against the shop's origin, and judged by the origin it comes out with, never by
 * how its text looks: a tab or newline inside it, a backslash, `//host`, another scheme or another host all parse to
 * another origin. The answer is the parsed URL's own path, query and fragment, which the parser has percent-encoded,
 * so it is always a valid header value.
 *
 * `shop`: the shop's origin, or several when it is reached at more than one (the first is the base a path is read
 * against).
 */
export function redirectPath(requested: string | null | undefined, shop: string | readonly string[], fallback: string): string {
  if (!requested) return fallback;
  const origins = typeof shop === "string" ? [shop] : shop;
  const target = parsed(requested, origins[0]);
  if (!target || !origins.includes(target.origin)) return fallback;
  const path = `${target.pathname}${target.search}${target.hash}`;
  // Dot segments can leave the path starting `//` (`/.//evil.example`), which a browser reads as another host, or
  // as no address at all when nothing follows (`/.//`).
  return parsed(path, target)?.origin === target.origin ? path : fallback;
}

function parsed(url: string, base: string | URL): URL | null {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}
