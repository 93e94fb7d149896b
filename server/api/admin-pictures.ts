/** The admin API's pictures routes (docs/api.md). */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";

export function adminPicturesRoutes() {
  const routes = new OpenAPIHono<AppEnv>();
  return routes;
}
