/**
 * The headers that tell a browser what the shop's pages may do (decision 0017): a Content-Security-Policy that runs
 * only the shop's own scripts and the inline ones it wrote itself (they carry the page's nonce), no framing by other
 * sites, no MIME sniffing, no full addresses leaked to other origins, no powerful features, and HSTS once the shop
 * is served over https.
 */
import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Config } from "../config";
import type { AppEnv } from "../context";

declare module "react-router" {
  interface AppLoadContext {
    /** The nonce of the page being rendered, which every inline script and style element of it carries. */
    cspNonce?: string;
  }
}

/** What Stripe.js and its Elements (payment, address, link authentication) load, frame and call. */
const STRIPE_SOURCES = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com", "https://maps.googleapis.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com", "https://maps.googleapis.com"],
};

/** 128 random bits, fresh for every render; a cached page keeps the one it was rendered with (decision 0017). */
export function newCspNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The policy of a rendered page whose inline scripts and style elements carry `nonce`. */
export function pagePolicy(config: Pick<Config, "PAYMENT_PROVIDER">, nonce: string): string {
  const stripe = config.PAYMENT_PROVIDER === "stripe";
  const sources = (own: string[], stripeOnes: string[]) => [...own, ...(stripe ? stripeOnes : [])].join(" ");
  return [
    "default-src 'self'",
    `script-src ${sources(["'self'", `'nonce-${nonce}'`], STRIPE_SOURCES.script)}`,
    // The stylesheet is inlined in a nonced element; style attributes carry the store's theme colours and sizes,
    // which change with its settings, so no list of hashes could name them.
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    // data: is the placeholder drawn when a picture cannot be loaded (app/lib/images.ts).
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${sources(["'self'"], STRIPE_SOURCES.connect)}`,
    `frame-src ${sources(["'self'"], STRIPE_SOURCES.frame)}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Anything that is not a page (JSON, pictures, scripts) is never a document to run or frame. */
const NOT_A_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function securityHeaders(config: Pick<Config, "PAYMENT_PROVIDER" | "publicUrl">): MiddlewareHandler<AppEnv> {
  const stripe = config.PAYMENT_PROVIDER === "stripe";
  const fixed: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    // Stripe's wallets (Apple Pay, Google Pay) ask for the Payment Request API inside Stripe's frames.
    [
      "Permissions-Policy",
      `accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), usb=(), payment=(${stripe ? 'self "https://js.stripe.com"' : ""})`,
    ],
    ...(config.publicUrl.startsWith("https:")
      ? ([["Strict-Transport-Security", "max-age=63072000; includeSubDomains"]] as [string, string][])
      : []),
  ];
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    for (const [name, value] of fixed) headers.set(name, value);
    // A rendered page brings its own policy, with its nonce (kept with the page in the page cache); development's
    // pages have none (server/app.ts).
    if (!headers.has("Content-Security-Policy") && !headers.get("Content-Type")?.startsWith("text/html")) {
      headers.set("Content-Security-Policy", NOT_A_PAGE_POLICY);
    }
  };
}
