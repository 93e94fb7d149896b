/** The admin API's inventory routes (docs/api.md). */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";

export function adminInventoryRoutes() {
  const routes = new OpenAPIHono<AppEnv>();
  return routes;
}
