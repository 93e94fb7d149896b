/**
 * The client's address, read by the server from the connection (or, behind a trusted proxy, from
 * X-Forwarded-For). Page actions receive only the web Request, so the address is also written onto the request
 * under a header of ours, overwriting whatever a client may have sent under that name.
 */
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";

const CLIENT_IP_HEADER = "x-storefront-client-ip";

/** Requests that reach the app without a socket (in-process tests) share this address. */
const UNKNOWN_ADDRESS = "unknown";

export function clientIp(c: Context<AppEnv>): string {
  if (c.var.deps.config.TRUST_PROXY === "true") {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? UNKNOWN_ADDRESS;
  } catch {
    return UNKNOWN_ADDRESS;
  }
}

/** Stamps every request with its client's address, for code that sees only the Request (route actions). */
export function clientIpStamp(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.req.raw.headers.set(CLIENT_IP_HEADER, clientIp(c));
    await next();
  };
}

/** The address stamped by `clientIpStamp`. */
export function requestClientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? UNKNOWN_ADDRESS;
}
