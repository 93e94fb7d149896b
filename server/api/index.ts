/** Every JSON endpoint, mounted under /api. Each domain keeps its HTTP routes in its own file. */
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { metricsRoutes } from "./metrics";

export function apiRoutes() {
  const api = new Hono<AppEnv>();
  api.route("/metrics", metricsRoutes());
  return api;
}
