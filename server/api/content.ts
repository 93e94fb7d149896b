/**
 * Content and engagement over HTTP: static page data (/data/{pagename}.json), the contact form, newsletter
 * sign-ups and the welcome popup. The two forms also accept a plain form post, so they work before (or without)
 * JavaScript: those requests are answered with a redirect back to the page, carrying the outcome in the query.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import type { z } from "zod";
import { HONEYPOT_FIELD, MESSAGE_TOO_LONG } from "../../core/content-rules";
import {
  contactRequestSchema,
  INVALID_EMAIL_MESSAGE,
  newsletterSignupSchema,
  welcomeEmailSchema,
  type PopupDiscountResponse,
} from "../../core/schemas/content";
import { submitContactRequest } from "../content/contact";
import { getStaticPage } from "../content/pages";
import type { AppEnv } from "../context";
import { clientIp } from "../http/client-ip";
import { errorResponse, HttpError, zodHttpError } from "../http/errors";
import type { RateLimitPolicy } from "../http/rate-limit";
import { subscribeToNewsletter } from "../newsletter/newsletter";
import { getPopupDiscount, sendWelcomeEmail } from "../newsletter/welcome";

/** Contact messages per client address (spec: spam protection without a third party). */
export const CONTACT_RATE_LIMIT: RateLimitPolicy = { limit: 5, windowMs: 60 * 60 * 1000 };
/** Sign-ups per client address: generous for a household, tight for a script. */
export const SIGNUP_RATE_LIMIT: RateLimitPolicy = { limit: 20, windowMs: 60 * 60 * 1000 };
export const TOO_MANY_MESSAGES = "Too many messages. Please try again later.";

/** GET /data/{pagename}.json, mounted outside /api as the spec names it. */
export function pageDataRoutes() {
  const routes = new Hono<AppEnv>();
  routes.get("/data/*", async (c) => {
    const { db, storeId } = c.var.deps;
    const match = /^\/data\/(.+)\.json$/.exec(new URL(c.req.url).pathname);
    let name: string | undefined;
    try {
      name = match ? decodeURIComponent(match[1]) : undefined;
    } catch {
      name = undefined;
    }
    const page = name ? await getStaticPage(db, storeId, name) : null;
    if (!page) return errorResponse(c, 404, "Page not found");
    c.header("Cache-Control", "public, max-age=60");
    return c.json(page);
  });
  return routes;
}

const isFormPost = (c: Context) => /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(c.req.header("content-type") ?? "");

/** The request body as an object: JSON, or a form's fields. */
async function readBody(c: Context): Promise<Record<string, unknown>> {
  if (isFormPost(c)) {
    try {
      return (await c.req.parseBody()) as Record<string, unknown>;
    } catch {
      throw new HttpError(400, "Request body must be a valid form");
    }
  }
  try {
    const body: unknown = await c.req.json();
    if (body && typeof body === "object" && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    throw new HttpError(400, "Request body must be valid JSON");
  }
  throw new HttpError(400, "Request body must be a JSON object");
}

/** Validates a payload; a bad address or an over-long message is reported in the words the forms show. */
function parsePayload<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const known = parsed.error.issues.find((issue) => issue.message === INVALID_EMAIL_MESSAGE || issue.message === MESSAGE_TOO_LONG);
  throw known ? new HttpError(400, known.message, known.path.join(".")) : zodHttpError(parsed.error);
}

/** Where a form post returns to: the page it came from (same site only), with the outcome in the query. */
function redirectBack(c: Context, fallbackPath: string, param: string, outcome: string) {
  let target = new URL(fallbackPath, c.req.url);
  const referer = c.req.header("referer");
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.host === new URL(c.req.url).host) target = from;
    } catch {
      // A malformed Referer falls back to the default page.
    }
  }
  target.searchParams.set(param, outcome);
  return c.redirect(`${target.pathname}${target.search}`, 303);
}

/** Runs a sign-up or message handler; a form post gets a redirect with the outcome instead of JSON. */
async function answer(
  c: Context<AppEnv>,
  form: { fallbackPath: string; param: string } | null,
  work: () => Promise<Response>,
): Promise<Response> {
  if (!form) return work();
  try {
    await work();
    return redirectBack(c, form.fallbackPath, form.param, "ok");
  } catch (error) {
    const status = error instanceof HttpError ? error.status : 500;
    return redirectBack(c, form.fallbackPath, form.param, status === 409 ? "exists" : "error");
  }
}

export function contentApiRoutes() {
  const api = new Hono<AppEnv>();

  /** Counts the request against the client's allowance; over it, a 429 with Retry-After. */
  const enforceLimit = (c: Context<AppEnv>, scope: string, policy: RateLimitPolicy) => {
    const result = c.var.deps.rateLimiter.hit(`${scope}:${clientIp(c)}`, policy);
    if (result.allowed) return;
    c.header("Retry-After", String(result.retryAfterSeconds));
    throw new HttpError(429, TOO_MANY_MESSAGES);
  };

  api.post("/customer_service/process_customer_service_request", async (c) => {
    const form = isFormPost(c) ? { fallbackPath: "/contact", param: "sent" } : null;
    return answer(c, form, async () => {
      const body = await readBody(c);
      const payload = form
        ? {
            customer_service_data: {
              customer_name: body.customer_name,
              customer_email: body.customer_email,
              customer_phone_number: body.customer_phone_number,
              message: body.message,
            },
            store_id: c.var.storeId,
            [HONEYPOT_FIELD]: body[HONEYPOT_FIELD],
          }
        : body;
      enforceLimit(c, "contact", CONTACT_RATE_LIMIT);
      const request = parsePayload(contactRequestSchema, payload);
      // A filled-in trap field is a bot: it is told all went well and nothing is kept or sent.
      if (!request[HONEYPOT_FIELD]) await submitContactRequest(c.var.deps, c.var.storeId, request.customer_service_data);
      return c.json({ success: true });
    });
  });

  api.post("/customer_service/add_customer_to_newsletter", async (c) => {
    const form = isFormPost(c) ? { fallbackPath: "/", param: "newsletter" } : null;
    return answer(c, form, async () => {
      const body = await readBody(c);
      enforceLimit(c, "signup", SIGNUP_RATE_LIMIT);
      const request = parsePayload(newsletterSignupSchema, form ? { email: body.email, store_id: c.var.storeId } : body);
      await subscribeToNewsletter(c.var.deps, c.var.storeId, request.email);
      return c.json({ success: true, message: "Email added to newsletter" });
    });
  });

  api.get("/discount/popupDiscount", async (c) => {
    if (!c.req.query("store_id")) throw new HttpError(400, "is required", "store_id");
    const popup = await getPopupDiscount(c.var.deps.db, c.var.storeId);
    const body: PopupDiscountResponse = popup
      ? { success: true, data: [popup] }
      : { success: false, error: "No popup discount found" };
    return c.json(body);
  });

  api.post("/discount/sendWelcomeEmail", async (c) => {
    const body = await readBody(c);
    enforceLimit(c, "signup", SIGNUP_RATE_LIMIT);
    const request = parsePayload(welcomeEmailSchema, body);
    const outcome = await sendWelcomeEmail(c.var.deps, c.var.storeId, request.customer_email);
    return c.json({ success: true, data: { discount_popup_percentage: outcome.percentage } });
  });

  return api;
}
