/**
 * The admin API, mounted at /api/admin. Every answer is `no-store`: it is one member's view, which no browser or
 * proxy may keep or hand to another.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { adminAuthRoutes } from "./admin-auth";
import { adminCustomersRoutes } from "./admin-customers";
import { adminOrdersRoutes } from "./admin-orders";
import { adminStaffRoutes } from "./admin-staff";

export function adminRoutes() {
  const admin = new OpenAPIHono<AppEnv>();
  admin.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });
  admin.route("/", adminAuthRoutes());
  admin.route("/", adminStaffRoutes());
  admin.route("/", adminOrdersRoutes());
  admin.route("/", adminCustomersRoutes());
  return admin;
}
