/** Every JSON endpoint, mounted under /api. Each domain defines its operations and their routes in its own file. */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { adminRoutes } from "./admin";
import { authRoutes } from "./auth";
import { catalogRoutes } from "./catalog";
import { checkoutRoutes } from "./checkout";
import { cartRoutes } from "./cart";
import { contentApiRoutes } from "./content";
import { metricsRoutes } from "./metrics";
import { orderRoutes } from "./orders";
import { registerOpenApiDocument } from "./openapi";
import { reviewRoutes } from "./reviews";
import { stockAlertRoutes } from "./stock-alerts";

export function apiRoutes() {
  const api = new OpenAPIHono<AppEnv>();
  // First: its fixed /discount/popupDiscount must win over a /discount/:code route mounted later.
  api.route("/", contentApiRoutes());
  api.route("/", reviewRoutes());
  api.route("/", catalogRoutes());
  api.route("/metrics", metricsRoutes());
  api.route("/auth", authRoutes());
  api.route("/", cartRoutes());
  api.route("/", orderRoutes());
  api.route("/", stockAlertRoutes());
  api.route("/stripe", checkoutRoutes());
  api.route("/admin", adminRoutes());
  registerOpenApiDocument(api);
  return api;
}
