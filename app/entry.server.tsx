/**
 * React Router's default Node entry, with the page's CSP nonce (server/http/security-headers.ts) handed to React
 * Router's scripts, to React's own streaming scripts and to the app (CspNonceContext).
 */
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { logger } from "../server/logger";
import { CspNonceContext } from "./lib/csp-nonce";

export const streamTimeout = 5_000;
/**
 * How long a crawler's page may wait on its slow parts before they are left to the browser: a crawler is answered
 * once the page is whole, so it gets a late page rather than a cut one.
 */
const CRAWLER_RENDER_TIMEOUT = 60_000;

// Page errors go to the shop's logger, and a lost database makes the page a 503 (server/http/page-errors.ts).
export { handlePageError as handleError } from "../server/http/page-errors";

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timedOut = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and SPA mode get the whole document at once rather than streamed.
    const whole = Boolean(userAgent && isbot(userAgent)) || routerContext.isSpaMode;
    const readyOption: keyof RenderToPipeableStreamOptions = whole ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | null | undefined;

    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonceContext>,
      {
        nonce,
        // A finished Suspense boundary past this many bytes is sent after the page and swapped in by a script, which a
        // browser without JavaScript never runs: the reviews would be hidden there. Every finished boundary stays inline.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId ?? undefined);
              // Sent whole before the deadline was even set: it never is.
              timeoutId = null;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          // What the deadline left unrendered is rendered by the browser: the page itself is not an error.
          if (timedOut) return void logger.warn({ path: new URL(request.url).pathname }, "page parts left to the browser after the render deadline");
          responseStatusCode = 500;
          // Errors in the shell reject and are logged by React Router; later ones are logged here.
          if (shellRendered) logger.error({ err: error }, "page failed while streaming");
        },
      },
    );
    // React renders in a microtask; this runs once that first pass is done. The deadline bounds the wait for slow
    // data, not the render's own work: counted from the request, a page that takes seconds to render (a catalogue
    // of thousands) was cut, and a crawler answered 500, the moment the render first waited on anything.
    setImmediate(() => {
      if (timeoutId === null) return;
      timeoutId = setTimeout(
        () => {
          timedOut = true;
          if (loadContext.pageFaults) loadContext.pageFaults.renderCut = true;
          abort();
        },
        (whole ? CRAWLER_RENDER_TIMEOUT : streamTimeout) + 1000,
      );
    });
  });
}
