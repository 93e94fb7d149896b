/**
 * The OpenAPI 3.1 document of the JSON API, served at GET /api/openapi.json. Request bodies and query parameters
 * are generated from the very zod schemas the handlers validate with, so the document cannot disagree with the
 * validation; openapi.test.ts compares the operations listed here with the routes the app registers.
 */
import { Hono } from "hono";
import { z } from "zod";
import { initialDataSchema, sessionPayloadSchema } from "../../core/schemas/analytics";
import { forgotPasswordSchema, loginSchema, resetPasswordSchema, signupSchema } from "../../core/schemas/auth";
import { saveCartSchema } from "../../core/schemas/cart";
import {
  byHandlesRequestSchema,
  collectionSearchQuerySchema,
  keywordSearchRequestSchema,
  storeQuerySchema,
} from "../../core/schemas/catalog";
import {
  calculateTaxSchema,
  cartCheckoutSchema,
  createCheckoutSessionSchema,
  sessionCheckoutSchema,
  shippingOptionsRequestSchema,
  simulatedConfirmSchema,
} from "../../core/schemas/checkout";
import { contactRequestSchema, newsletterSignupSchema, welcomeEmailSchema } from "../../core/schemas/content";
import { reviewerOrderRequestSchema, reviewSubmissionSchema } from "../../core/schemas/reviews";
import { staticPageSchema } from "../../core/schemas/static-page";
import type { AppEnv } from "../context";
import { statusQuery } from "./auth";

type JsonSchema = Record<string, unknown>;

/** A parameter a handler reads by hand rather than through a zod schema. */
type PlainParameter = { name: string; required: boolean; description: string };

export type ApiOperation = {
  method: "get" | "post";
  /** OpenAPI style: /api/bundles/{handle}. Every {name} becomes a required path parameter. */
  path: string;
  tag: string;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodObject | PlainParameter[];
  headers?: PlainParameter[];
  success: { status: 200 | 201 | 204; description: string; schema?: z.core.$ZodType };
  /** Status to when it is answered; each answer is the shared Error shape. */
  errors: Partial<Record<400 | 401 | 403 | 404 | 409 | 422 | 429, string>>;
};

const BAD_INPUT = "Invalid input; the message names the field";
const UNKNOWN_STORE = "Unknown store";
const RATE_LIMITED = "Too many requests; see Retry-After";
const optionalStore: PlainParameter = { name: "store_id", required: false, description: "Store; defaults to this deployment's" };

export const API_OPERATIONS: ApiOperation[] = [
  {
    method: "get",
    path: "/api/openapi.json",
    tag: "meta",
    summary: "This OpenAPI document",
    success: { status: 200, description: "The OpenAPI 3.1 document" },
    errors: {},
  },
  // Search and catalogue
  {
    method: "post",
    path: "/api/search/keyword-search",
    tag: "catalog",
    summary: "Search products and bundles by keyword",
    body: keywordSearchRequestSchema,
    success: { status: 200, description: "{formattedProductData, formattedBundleData}" },
    errors: { 400: BAD_INPUT, 404: UNKNOWN_STORE },
  },
  {
    method: "get",
    path: "/api/search/collection",
    tag: "catalog",
    summary: "Products and bundles of a collection",
    query: collectionSearchQuerySchema,
    success: { status: 200, description: "{formattedProductData, formattedBundleData}" },
    errors: { 400: BAD_INPUT, 404: UNKNOWN_STORE },
  },
  {
    method: "post",
    path: "/api/search/by_handles",
    tag: "catalog",
    summary: "Products by their handles",
    body: byHandlesRequestSchema,
    success: { status: 200, description: "{formattedProductData, formattedBundleData: []}" },
    errors: { 400: BAD_INPUT, 404: "Unknown store, or no product found" },
  },
  {
    method: "get",
    path: "/api/bundles/{handle}",
    tag: "catalog",
    summary: "A bundle with the choices of each of its products",
    query: storeQuerySchema,
    success: { status: 200, description: "{data: {data: {bundle, handle_options}}}" },
    errors: { 400: BAD_INPUT, 404: "Unknown store or bundle" },
  },
  // Cart and discounts
  {
    method: "get",
    path: "/api/cart-items",
    tag: "cart",
    summary: "The cart the cookie names, priced by the server",
    success: { status: 200, description: "{cartItems, discount, notices, stock (units in stock by sku of the variants it holds)}" },
    errors: {},
  },
  {
    method: "post",
    path: "/api/cart-items",
    tag: "cart",
    summary: "Save the cart (creates it and sets its cookie on first save)",
    body: saveCartSchema,
    success: { status: 200, description: "{cartItems, discount, notices, stock}, priced by the server" },
    errors: { 400: BAD_INPUT },
  },
  {
    method: "get",
    path: "/api/discount/{code}",
    tag: "cart",
    summary: "Look up a discount code",
    query: [optionalStore],
    success: { status: 200, description: "{data: discount}" },
    errors: { 404: "Unknown store or invalid code", 429: "Too many failed codes; see Retry-After" },
  },
  // Content and engagement
  {
    method: "post",
    path: "/api/customer_service/process_customer_service_request",
    tag: "content",
    summary: "Send a contact message (a form post is answered with a 303 back to the page)",
    body: contactRequestSchema,
    success: { status: 200, description: "{success: true}" },
    errors: { 400: BAD_INPUT, 404: UNKNOWN_STORE, 429: RATE_LIMITED },
  },
  {
    method: "post",
    path: "/api/customer_service/add_customer_to_newsletter",
    tag: "content",
    summary: "Sign up for the newsletter (a form post is answered with a 303 back to the page)",
    body: newsletterSignupSchema,
    success: { status: 200, description: "{success: true, message}" },
    errors: { 400: BAD_INPUT, 404: UNKNOWN_STORE, 409: "Email already signed up", 429: RATE_LIMITED },
  },
  {
    method: "get",
    path: "/api/discount/popupDiscount",
    tag: "content",
    summary: "The welcome popup's discount",
    query: [{ name: "store_id", required: true, description: "Store" }],
    success: { status: 200, description: "{success: true, data: [{discount_popup_percentage}]} or {success: false, error}" },
    errors: { 400: "store_id is required", 404: UNKNOWN_STORE },
  },
  {
    method: "post",
    path: "/api/discount/sendWelcomeEmail",
    tag: "content",
    summary: "Email the welcome discount",
    body: welcomeEmailSchema,
    success: { status: 200, description: "{success: true, data: {discount_popup_percentage}}" },
    errors: { 400: BAD_INPUT, 404: UNKNOWN_STORE, 409: "Email already signed up", 429: RATE_LIMITED },
  },
  // Reviews
  {
    method: "post",
    path: "/api/reviews/reviewer_order",
    tag: "reviews",
    summary: "Check a review link: the order and the products still to review",
    body: reviewerOrderRequestSchema,
    success: { status: 200, description: "{orderDetails}" },
    errors: { 400: BAD_INPUT, 401: "Invalid review link", 404: "Unknown order", 409: "All products reviewed", 429: RATE_LIMITED },
  },
  {
    method: "post",
    path: "/api/reviews/submit",
    tag: "reviews",
    summary: "Submit a verified review",
    body: reviewSubmissionSchema,
    success: { status: 201, description: "{review, remaining}" },
    errors: {
      400: BAD_INPUT,
      401: "Invalid review link",
      403: "The link is for another order",
      409: "Product already reviewed",
      422: "Product not in the order",
      429: RATE_LIMITED,
    },
  },
  // Analytics
  {
    method: "post",
    path: "/api/metrics/initialize",
    tag: "metrics",
    summary: "A page load: goes on with the visit the cookie names when active in the last 30 minutes, else starts one (sets its httpOnly cookie)",
    headers: [{ name: "store_id", required: true, description: "Store" }],
    success: { status: 201, description: "{status: 'ok', load}: a new visit (200 when the visit goes on); load names this page load in its beacons" },
    errors: { 400: "store_id header is required", 404: UNKNOWN_STORE, 429: RATE_LIMITED },
  },
  {
    method: "post",
    path: "/api/metrics/collect-data",
    tag: "metrics",
    summary: "Record the session's network (read from the connection, not the body)",
    body: initialDataSchema,
    success: { status: 204, description: "Recorded" },
    errors: { 400: "No or unknown analytics session, or bad input", 429: RATE_LIMITED },
  },
  {
    method: "post",
    path: "/api/metrics/update-session-data",
    tag: "metrics",
    summary: "Save a page load's cart events, page views and searches on its visit (sendBeacon; any content type)",
    query: [{ name: "load", required: false, description: "The page load, as /api/metrics/initialize answered it" }],
    body: sessionPayloadSchema,
    success: { status: 204, description: "Saved" },
    errors: { 400: "No or unknown analytics session, or bad input", 429: RATE_LIMITED },
  },
  // Accounts
  {
    method: "post",
    path: "/api/auth/signup",
    tag: "auth",
    summary: "Create an account",
    body: signupSchema,
    success: { status: 201, description: "{user: {email, first_name, last_name}}, alike whether the account was made or the email already had one (its owner is mailed)" },
    errors: { 400: BAD_INPUT, 404: UNKNOWN_STORE, 429: RATE_LIMITED },
  },
  {
    method: "post",
    path: "/api/auth/login",
    tag: "auth",
    summary: "Sign in (sets the session cookie)",
    body: loginSchema,
    success: { status: 200, description: "{user}" },
    errors: { 400: BAD_INPUT, 401: "Account not found", 404: UNKNOWN_STORE, 429: RATE_LIMITED },
  },
  {
    method: "post",
    path: "/api/auth/logout",
    tag: "auth",
    summary: "Sign out (clears the session cookie)",
    success: { status: 200, description: "{success: true}" },
    errors: {},
  },
  {
    method: "get",
    path: "/api/auth/status",
    tag: "auth",
    summary: "Whether the request is signed in, and as whom",
    query: statusQuery,
    success: { status: 200, description: "{isLoggedIn, user}" },
    errors: { 400: BAD_INPUT, 404: UNKNOWN_STORE },
  },
  {
    method: "post",
    path: "/api/auth/forgot-password",
    tag: "auth",
    summary: "Email a password reset link (same answer whether or not the account exists)",
    body: forgotPasswordSchema,
    success: { status: 200, description: "{success: true, message}" },
    errors: { 400: BAD_INPUT, 404: UNKNOWN_STORE, 429: RATE_LIMITED },
  },
  {
    method: "post",
    path: "/api/auth/reset-password",
    tag: "auth",
    summary: "Choose a new password with a reset token",
    body: resetPasswordSchema,
    success: { status: 200, description: "{success: true}" },
    errors: { 400: "Bad input, or an invalid or expired token", 404: UNKNOWN_STORE, 429: RATE_LIMITED },
  },
  // Payment and checkout
  {
    method: "post",
    path: "/api/stripe/create_checkout_session",
    tag: "checkout",
    summary: "Start a checkout session for the cart",
    body: createCheckoutSessionSchema,
    success: { status: 201, description: "The checkout session" },
    errors: {
      400: BAD_INPUT,
      403: "Checkout is disabled",
      404: UNKNOWN_STORE,
      409: "The cart changed",
      422: "No cart, empty cart or below the minimum order",
    },
  },
  {
    method: "get",
    path: "/api/stripe/checkout-session",
    tag: "checkout",
    summary: "A checkout session",
    query: [
      { name: "sessionId", required: false, description: "The session (or session_id); one of the two is required" },
      { name: "session_id", required: false, description: "Alias of sessionId" },
      optionalStore,
    ],
    success: { status: 200, description: "{session_data}" },
    errors: { 400: "sessionId is required", 404: "Unknown store or session" },
  },
  {
    method: "get",
    path: "/api/stripe/client_secret",
    tag: "checkout",
    summary: "The payment's client secret of a checkout session",
    query: [{ name: "session_id", required: true, description: "The checkout session" }, optionalStore],
    success: { status: 200, description: "{client_secret}" },
    errors: { 400: "session_id is required", 404: "Unknown store or session" },
  },
  {
    method: "post",
    path: "/api/stripe/get_shipping_options",
    tag: "checkout",
    summary: "Shipping options for an address",
    body: shippingOptionsRequestSchema,
    success: { status: 200, description: "{shipping_options}" },
    errors: { 400: BAD_INPUT, 404: UNKNOWN_STORE },
  },
  {
    method: "post",
    path: "/api/stripe/preview_tax_and_shipping",
    tag: "checkout",
    summary: "Price a subscription cart with address, shipping option and code",
    body: cartCheckoutSchema,
    success: { status: 200, description: "{price_info} in cents" },
    errors: { 400: BAD_INPUT, 404: UNKNOWN_STORE, 409: "The cart changed", 422: "The cart cannot be checked out" },
  },
  {
    method: "post",
    path: "/api/stripe/preview_tax",
    tag: "checkout",
    summary: "Price a one-time checkout session with address, shipping option and code",
    body: sessionCheckoutSchema,
    success: { status: 200, description: "{price_info} in cents" },
    errors: { 400: BAD_INPUT, 404: "Unknown store or session", 409: "The cart changed" },
  },
  {
    method: "post",
    path: "/api/stripe/calculate_tax",
    tag: "checkout",
    summary: "Price the payment of a checkout session",
    body: calculateTaxSchema,
    success: { status: 200, description: "{price_info} in cents" },
    errors: { 400: BAD_INPUT, 404: "Unknown store or session", 409: "The cart changed" },
  },
  {
    method: "post",
    path: "/api/stripe/calculate_tax_final",
    tag: "checkout",
    summary: "Price the payment of a checkout session and fix its amount",
    body: calculateTaxSchema,
    success: { status: 200, description: "{price_info} in cents" },
    errors: { 400: BAD_INPUT, 404: "Unknown store or session", 409: "The cart changed" },
  },
  {
    method: "post",
    path: "/api/stripe/submit_order",
    tag: "checkout",
    summary: "Submit a one-time order (paid once the payment provider confirms)",
    body: sessionCheckoutSchema,
    success: { status: 200, description: "The submitted order, with order_id" },
    errors: { 400: BAD_INPUT, 404: "Unknown store or session", 409: "The cart changed or stock ran out", 422: "The order cannot be placed" },
  },
  {
    method: "post",
    path: "/api/stripe/confirm_subscription",
    tag: "checkout",
    summary: "Submit a subscription order for the stored cart",
    body: cartCheckoutSchema,
    success: { status: 200, description: "The submitted order, with order_id" },
    errors: { 400: BAD_INPUT, 404: UNKNOWN_STORE, 409: "The cart changed or stock ran out", 422: "The cart cannot be checked out" },
  },
  {
    method: "post",
    path: "/api/stripe/simulated/confirm",
    tag: "checkout",
    summary: "The simulated provider's card form (only with PAYMENT_PROVIDER=simulated)",
    body: simulatedConfirmSchema,
    success: { status: 200, description: "{id, status, error}" },
    errors: { 400: "Bad input, unknown payment or invalid card", 404: "Not the simulated provider" },
  },
  {
    method: "post",
    path: "/api/stripe/webhook",
    tag: "checkout",
    summary: "Payment provider webhook, verified by its signature",
    success: { status: 200, description: "{received: true, handled, outcome}" },
    errors: { 400: "Webhook rejected" },
  },
];

/** Static page content, outside /api as the spec names it. */
const PAGE_DATA_PATH = "/data/{pagename}.json";

const errorRef = { $ref: "#/components/schemas/Error" };

/** Request bodies describe what a client may send: fields with a default are optional. */
function jsonSchemaOf(schema: z.core.$ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", target: "draft-2020-12" });
  return rest;
}

function queryParameters(query: ApiOperation["query"]) {
  if (!query) return [];
  if (Array.isArray(query)) return query.map((p) => ({ in: "query", ...p, schema: { type: "string" } }));
  const schema = jsonSchemaOf(query);
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries((schema.properties as Record<string, JsonSchema> | undefined) ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: required.has(name),
    schema: property,
  }));
}

function operationObject(op: ApiOperation) {
  const pathParameters = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const headerParameters = (op.headers ?? []).map((p) => ({ in: "header", ...p, schema: { type: "string" } }));
  const parameters = [...pathParameters, ...queryParameters(op.query), ...headerParameters];
  const responses: Record<string, unknown> = {
    [op.success.status]:
      op.success.status === 204
        ? { description: op.success.description }
        : {
            description: op.success.description,
            content: { "application/json": { schema: op.success.schema ? jsonSchemaOf(op.success.schema) : {} } },
          },
  };
  for (const [status, description] of Object.entries(op.errors)) {
    responses[status] = { description, content: { "application/json": { schema: errorRef } } };
  }
  // The body limit guards every /api request before its handler runs.
  if (op.path.startsWith("/api/") && op.method === "post") {
    responses["413"] = { description: "Request body is larger than 64 KB", content: { "application/json": { schema: errorRef } } };
  }
  responses["500"] = { description: "Internal server error", content: { "application/json": { schema: errorRef } } };
  return {
    tags: [op.tag],
    summary: op.summary,
    operationId: `${op.method}${op.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body
      ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchemaOf(op.body) } } } }
      : {}),
    responses,
  };
}

function buildDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of API_OPERATIONS) (paths[op.path] ??= {})[op.method] = operationObject(op);
  paths[PAGE_DATA_PATH] = {
    get: operationObject({
      method: "get",
      path: PAGE_DATA_PATH,
      tag: "content",
      summary: "A static page's content (about, shipping, returns...)",
      success: { status: 200, description: "The page", schema: staticPageSchema },
      errors: { 404: "Page not found" },
    }),
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "Storefront API",
      version: "1.0.0",
      description: "Every error is JSON {error: message} with a fitting status. Money in checkout answers is integer cents.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    tags: [...new Set(API_OPERATIONS.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        Error: { type: "object", properties: { error: { type: "string" } }, required: ["error"], additionalProperties: false },
      },
    },
  };
}

let built: ReturnType<typeof buildDocument> | undefined;

/** Built on first use, then kept: the schemas do not change while the process runs. */
export function openApiDocument() {
  built ??= buildDocument();
  return built;
}

export function openApiRoutes() {
  const routes = new Hono<AppEnv>();
  routes.get("/openapi.json", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(openApiDocument());
  });
  return routes;
}
