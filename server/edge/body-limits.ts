/**
 * How much a request may send, counted as its body streams in. Every request, an API call or a page's form post,
 * may send 64 KB: ten concurrent 20 MB posts to /login took the process from 200 to 437 MB. An upload route declares
 * a larger limit of its own (a picture upload, a product import), given only to a caller its gate lets in, asked
 * before any of the body is read: a page's form is read in full before its action checks the sign-in, so anyone else
 * can post no more than 64 KB anywhere.
 */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Permission } from "../../core/staff-roles";
import type { AppEnv } from "../context";
import { errorResponse } from "../http/errors";
import { passesStaffGate } from "./require-staff";

export const BODY_LIMIT_BYTES = 64 * 1024;
export const BODY_TOO_LARGE_MESSAGE = "Request body is larger than 64 KB";

/** A route that takes more than 64 KB from a caller whose role has `access`. */
export type LargeBodyRoute = {
  /** Its addresses (adminUploadPaths). */
  paths: RegExp;
  /** The permission its gate asks for, on the API and on the screen alike. */
  access: Permission;
  maxSize: number;
  /** The 413's message, naming the limit. */
  message: string;
};

/**
 * An upload's addresses: `/api/admin/<api>`, and its screen `/admin/<screen>` (a hydrated screen's form posts to its
 * `.data` address). Both are regular-expression sources.
 */
export function adminUploadPaths(api: string, screen: string): RegExp {
  return new RegExp(`^(?:/api/admin/(?:${api})|/admin/(?:${screen})(?:\\.data)?)$`);
}

const limitOf = (maxSize: number, message: string) => bodyLimit({ maxSize, onError: (c) => errorResponse(c, 413, message) });

export function bodyLimits(routes: LargeBodyRoute[]): MiddlewareHandler<AppEnv> {
  const everyRequest = limitOf(BODY_LIMIT_BYTES, BODY_TOO_LARGE_MESSAGE);
  const larger = routes.map((route) => ({ ...route, limit: limitOf(route.maxSize, route.message) }));
  return async (c, next) => {
    const route = c.req.method === "POST" ? larger.find(({ paths }) => paths.test(c.req.path)) : undefined;
    const allowed = route !== undefined && (await passesStaffGate(c, route.access));
    return (allowed ? route.limit : everyRequest)(c, next);
  };
}
