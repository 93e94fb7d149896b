/**
 * Content and engagement over HTTP: static page data (/data/{pagename}.json), the contact form, newsletter
 * sign-ups and the welcome popup. The two forms also accept a plain form post, so they work before (or without)
 * JavaScript: those requests are answered with a redirect back to the page, carrying the outcome in the query.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { HONEYPOT_FIELD, MESSAGE_TOO_LONG } from "../../core/content-rules";
import { redirectPath } from "../../core/redirect-target";
import {
  contactRequestSchema,
  INVALID_EMAIL_MESSAGE,
  newsletterSignupSchema,
  popupDiscountResponseSchema,
  welcomeEmailResponseSchema,
  welcomeEmailSchema,
  type PopupDiscountResponse,
} from "../../core/schemas/content";
import { staticPageSchema, type StaticPage } from "../../core/schemas/static-page";
import { submitContactRequest } from "../content/contact";
import { getStaticPage } from "../content/pages";
import type { AppEnv } from "../context";
import { clientIp } from "../http/client-ip";
import { errorResponse, HttpError, isAnswerable, statusOf } from "../http/errors";
import type { RateLimitPolicy } from "../http/rate-limit";
import { UNCHANGED } from "../http/response-cache-api";
import { subscribeToNewsletter } from "../newsletter/newsletter";
import { getPopupDiscount, sendWelcomeEmail } from "../newsletter/welcome";
import {
  BAD_INPUT,
  declaredBody,
  errors,
  json,
  jsonBody,
  operation,
  queryOf,
  RATE_LIMITED,
  register,
  successMessageSchema,
  successSchema,
  UNKNOWN_STORE,
} from "./operation";
import { badInputOf } from "../../core/errors";

/** Contact messages per client address (spec: spam protection without a third party). */
export const CONTACT_RATE_LIMIT: RateLimitPolicy = { limit: 5, windowMs: 60 * 60 * 1000 };
/** Sign-ups per client address: generous for a household, tight for a script. */
export const SIGNUP_RATE_LIMIT: RateLimitPolicy = { limit: 20, windowMs: 60 * 60 * 1000 };
export const TOO_MANY_MESSAGES = "Too many messages. Please try again later.";

/**
 * The page schema is zod/mini, so the browser checks the same shape for a few KB, and the document generator reads
 * classic zod only: the answer is declared as a check by that schema, described by its JSON Schema.
 */
const { $schema: _dialect, ...staticPageJsonSchema } = z.toJSONSchema(staticPageSchema);
const staticPageAnswer = z
  .custom<StaticPage>((value) => staticPageSchema.safeParse(value).success)
  .meta(staticPageJsonSchema as Record<string, unknown>);

const pageData = operation({
  method: "get",
  path: "/data/{pagename}.json",
  tags: ["content"],
  summary: "A static page's content (about, shipping, returns...)",
  request: { params: z.object({ pagename: z.string() }) },
  responses: { 200: json(staticPageAnswer, "The page"), ...errors({ 404: "Page not found" }) },
});

/** GET /data/{pagename}.json, mounted outside /api as the spec names it. */
export function pageDataRoutes() {
  const routes = new OpenAPIHono<AppEnv>();
  // A page name may hold any character, a slash too: the router takes the rest of the path, the handler the name.
  register(routes, pageData, async (c) => {
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
  }, "/data/*");
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
  throw known ? new HttpError(400, known.message, known.path.join(".")) : badInputOf(parsed.error);
}

/** Where a form post returns to: the page it came from (same site only), with the outcome in the query. */
function redirectBack(c: Context<AppEnv>, fallbackPath: string, param: string, outcome: string) {
  // Behind a proxy that ends TLS the request arrives as http://, while the page was at the public https:// address.
  const shop = [new URL(c.req.url).origin, new URL(c.var.deps.config.publicUrl).origin];
  const target = new URL(redirectPath(c.req.header("referer"), shop, fallbackPath), shop[0]);
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
    const status = isAnswerable(error) ? statusOf(error) : 500;
    return redirectBack(c, form.fallbackPath, form.param, status === 409 ? "exists" : "error");
  }
}

const FORM_POST_ANSWERED = { description: "A form post: back to the page it came from, with the outcome in the query" };

const contact = operation({
  method: "post",
  path: "/customer_service/process_customer_service_request",
  tags: ["content"],
  summary: "Send a contact message (a form post is answered with a 303 back to the page)",
  request: { body: jsonBody(contactRequestSchema) },
  responses: {
    200: json(successSchema, "Sent"),
    303: FORM_POST_ANSWERED,
    ...errors({ 400: BAD_INPUT, 404: UNKNOWN_STORE, 429: RATE_LIMITED }),
  },
});

const ALREADY_SIGNED_UP = "Email already signed up";

const newsletter = operation({
  method: "post",
  path: "/customer_service/add_customer_to_newsletter",
  tags: ["content"],
  summary: "Sign up for the newsletter (a form post is answered with a 303 back to the page)",
  request: { body: jsonBody(newsletterSignupSchema) },
  responses: {
    200: json(successMessageSchema, "Signed up"),
    303: FORM_POST_ANSWERED,
    ...errors({ 400: BAD_INPUT, 404: UNKNOWN_STORE, 409: ALREADY_SIGNED_UP, 429: RATE_LIMITED }),
  },
});

const popupDiscount = operation({
  method: "get",
  path: "/discount/popupDiscount",
  tags: ["content"],
  summary: "The welcome popup's discount",
  request: { query: z.object({ store_id: z.string({ error: "is required" }).min(1, "is required") }) },
  responses: {
    200: json(popupDiscountResponseSchema, "The popup's discount, or success: false when the store offers none"),
    304: UNCHANGED,
    ...errors({ 400: "store_id is required", 404: UNKNOWN_STORE }),
  },
});

const welcomeEmail = operation({
  method: "post",
  path: "/discount/sendWelcomeEmail",
  tags: ["content"],
  summary: "Email the welcome discount",
  request: { body: jsonBody(welcomeEmailSchema) },
  responses: {
    200: json(welcomeEmailResponseSchema, "Mailed"),
    ...errors({ 400: BAD_INPUT, 404: UNKNOWN_STORE, 409: ALREADY_SIGNED_UP, 429: RATE_LIMITED }),
  },
});

export function contentApiRoutes() {
  const api = new OpenAPIHono<AppEnv>();

  /** Counts the request against the client's allowance; over it, a 429 with Retry-After. */
  const enforceLimit = async (c: Context<AppEnv>, scope: string, policy: RateLimitPolicy) => {
    const result = await c.var.deps.rateLimiter.hit(`${scope}:${clientIp(c)}`, policy);
    if (result.allowed) return;
    c.header("Retry-After", String(result.retryAfterSeconds));
    throw new HttpError(429, TOO_MANY_MESSAGES);
  };

  register(api, contact, async (c) => {
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
            store_id: c.var.deps.storeId,
            [HONEYPOT_FIELD]: body[HONEYPOT_FIELD],
          }
        : body;
      await enforceLimit(c, "contact", CONTACT_RATE_LIMIT);
      const request = parsePayload(declaredBody(contact), payload);
      // A filled-in trap field is a bot: it is told all went well and nothing is kept or sent.
      if (!request[HONEYPOT_FIELD]) await submitContactRequest(c.var.deps, c.var.deps.storeId, request.customer_service_data);
      return c.json({ success: true });
    });
  });

  register(api, newsletter, async (c) => {
    const form = isFormPost(c) ? { fallbackPath: "/", param: "newsletter" } : null;
    return answer(c, form, async () => {
      const body = await readBody(c);
      await enforceLimit(c, "signup", SIGNUP_RATE_LIMIT);
      const request = parsePayload(declaredBody(newsletter), form ? { email: body.email, store_id: c.var.deps.storeId } : body);
      await subscribeToNewsletter(c.var.deps, c.var.deps.storeId, request.email);
      return c.json({ success: true, message: "Email added to newsletter" });
    });
  });

  register(api, popupDiscount, async (c) => {
    queryOf(c, popupDiscount);
    const popup = await getPopupDiscount(c.var.deps.db, c.var.deps.storeId);
    const body: PopupDiscountResponse = popup
      ? { success: true, data: [popup] }
      : { success: false, error: "No popup discount found" };
    return c.json(body);
  });

  register(api, welcomeEmail, async (c) => {
    const body = await readBody(c);
    await enforceLimit(c, "signup", SIGNUP_RATE_LIMIT);
    const request = parsePayload(declaredBody(welcomeEmail), body);
    const outcome = await sendWelcomeEmail(c.var.deps, c.var.deps.storeId, request.customer_email);
    return c.json({ success: true, data: { discount_popup_percentage: outcome.percentage } });
  });

  return api;
}
