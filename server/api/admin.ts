/**
 * The admin API, mounted at /api/admin. Every answer is `no-store`: it is one member's view, which no browser or
 * proxy may keep or hand to another.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { adminAuthRoutes } from "./admin-auth";
import { adminContentRoutes } from "./admin-content";
import { adminCustomersRoutes } from "./admin-customers";
import { adminDiscountsRoutes } from "./admin-discounts";
import { adminHomeRoutes } from "./admin-home";
import { adminImportsRoutes } from "./admin-imports";
import { adminInventoryRoutes } from "./admin-inventory";
import { adminJobsRoutes } from "./admin-jobs";
import { adminWishlistRoutes } from "./admin-wishlists";
import { adminMerchandisingRoutes } from "./admin-merchandising";
import { adminMessagesRoutes } from "./admin-messages";
import { adminDraftsRoutes } from "./admin-drafts";
import { adminOrdersRoutes } from "./admin-orders";
import { adminReturnsRoutes } from "./admin-returns";
import { adminReportsRoutes } from "./admin-reports";
import { adminPageSpeedRoutes } from "./admin-page-speed";
import { adminPicturesRoutes } from "./admin-pictures";
import { adminCartRemindersRoutes } from "./admin-cart-reminders";
import { adminTaxReportRoutes } from "./admin-tax-report";
import { adminProductsRoutes } from "./admin-products";
import { adminReviewsRoutes } from "./admin-reviews";
import { adminSettingsRoutes } from "./admin-settings";
import { adminStaffRoutes } from "./admin-staff";
import { adminStockAlertRoutes } from "./stock-alerts";
import { adminSubscribersRoutes } from "./admin-subscribers";
import { adminSubscriptionsRoutes } from "./admin-subscriptions";

export function adminRoutes() {
  const admin = new OpenAPIHono<AppEnv>();
  admin.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });
  admin.route("/", adminAuthRoutes());
  admin.route("/", adminStaffRoutes());
  admin.route("/", adminOrdersRoutes());
  admin.route("/", adminReturnsRoutes());
  admin.route("/", adminReportsRoutes());
  admin.route("/", adminDraftsRoutes());
  admin.route("/", adminSubscriptionsRoutes());
  admin.route("/", adminCustomersRoutes());
  // Before products: /products/import, /products/export and /products/bulk are not product ids.
  admin.route("/", adminImportsRoutes());
  admin.route("/", adminInventoryRoutes());
  admin.route("/", adminStockAlertRoutes());
  admin.route("/", adminProductsRoutes());
  admin.route("/", adminPicturesRoutes());
  admin.route("/", adminMerchandisingRoutes());
  admin.route("/", adminMessagesRoutes());
  admin.route("/", adminReviewsRoutes());
  admin.route("/", adminSubscribersRoutes());
  admin.route("/", adminSettingsRoutes());
  admin.route("/", adminHomeRoutes());
  admin.route("/", adminDiscountsRoutes());
  admin.route("/", adminContentRoutes());
  admin.route("/", adminJobsRoutes());
  admin.route("/", adminWishlistRoutes());
  admin.route("/", adminPageSpeedRoutes());
  admin.route("/", adminCartRemindersRoutes());
  admin.route("/", adminTaxReportRoutes());
  return admin;
}
