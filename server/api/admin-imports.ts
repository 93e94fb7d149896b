/** The admin API's imports routes (docs/api.md). */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";

export function adminImportsRoutes() {
  const routes = new OpenAPIHono<AppEnv>();
  return routes;
}
