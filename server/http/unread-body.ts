/**
 * An answer given while its request's body is still arriving (a body limit's 413, a gate's 401 ahead of an upload)
 * closes its connection. Kept alive, the rest of the body would still be on the way: @hono/node-server reads and
 * drops it for half a second, then cuts the connection, and the client's next request on it fails ("other side
 * closed"). Told `Connection: close`, the client opens a new connection for its next request instead.
 */
import type { HttpBindings } from "@hono/node-server";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";

export function closeAfterUnreadBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    // In-process requests (app.request in tests) have no connection to keep or close.
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    if (incoming && !incoming.complete) c.header("Connection", "close");
  };
}
