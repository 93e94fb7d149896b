/**
 * Refuses state-changing requests sent by another site's pages: browsers name the page's origin in the Origin
 * header, so a foreign one means a cross-site form or script. Requests without Origin (server-to-server calls,
 * webhooks, tests) pass; the session cookie's SameSite=Lax already keeps it off cross-site POSTs.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import { errorResponse } from "./errors";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const FOREIGN_ORIGIN_MESSAGE = "Cross-origin request refused";

export function sameOriginOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    if (!origin) return next();
    if (allowedHosts(c.req.raw, c.var.deps.config).has(hostOf(origin) ?? "")) return next();
    return errorResponse(c, 403, FOREIGN_ORIGIN_MESSAGE);
  };
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/** The request's own host, the host a trusted proxy forwarded, and the configured public address. */
function allowedHosts(
  request: Request,
  config: { publicUrl: string; TRUST_PROXY: "true" | "false" },
): Set<string> {
  const hosts = new Set<string>([new URL(config.publicUrl).host.toLowerCase()]);
  const host = request.headers.get("host") ?? new URL(request.url).host;
  hosts.add(host.toLowerCase());
  if (config.TRUST_PROXY === "true") {
    const forwarded = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
    if (forwarded) hosts.add(forwarded.toLowerCase());
  }
  return hosts;
}
