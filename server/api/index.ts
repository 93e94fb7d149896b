/** Every JSON endpoint, mounted under /api. Each domain keeps its HTTP routes in its own file. */
import { Hono } from "hono";
import type { AppEnv } from "../context";

export function apiRoutes() {
  const api = new Hono<AppEnv>();
  return api;
}
