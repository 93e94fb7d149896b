/** The admin API's merchandising routes (docs/api.md). */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";

export function adminMerchandisingRoutes() {
  const routes = new OpenAPIHono<AppEnv>();
  return routes;
}
