/** Every JSON endpoint, mounted under /api. Each domain keeps its HTTP routes in its own file. */
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { authRoutes } from "./auth";
import { catalogRoutes } from "./catalog";
import { checkoutRoutes } from "./checkout";
import { cartRoutes } from "./cart";
import { contentApiRoutes } from "./content";
import { metricsRoutes } from "./metrics";
import { openApiRoutes } from "./openapi";
import { reviewRoutes } from "./reviews";

export function apiRoutes() {
  const api = new Hono<AppEnv>();
  // First: its fixed /discount/popupDiscount must win over a /discount/:code route mounted later.
  api.route("/", contentApiRoutes());
  api.route("/", reviewRoutes());
  api.route("/", catalogRoutes());
  api.route("/metrics", metricsRoutes());
  api.route("/auth", authRoutes());
  api.route("/", cartRoutes());
  api.route("/stripe", checkoutRoutes());
  api.route("/", openApiRoutes());
  return api;
}
