/** The admin API's products routes (docs/api.md). */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";

export function adminProductsRoutes() {
  const routes = new OpenAPIHono<AppEnv>();
  return routes;
}
