/**
 * What shoppers want (permission `catalogue`): the most saved products, their price-drop watchers and the
 * back-in-stock alerts waiting, the numbers the back office's Wishlists screen shows (server/wishlist/wishlist.ts).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { wishedForSchema } from "../../core/schemas/admin-wishlists";
import type { AppEnv } from "../context";
import { wishedForProducts } from "../wishlist/wishlist";
import { adminOperation } from "./admin-operation";
import { json, register } from "./operation";

const wishedForOperation = adminOperation("catalogue", {
  method: "get",
  path: "/wishlists",
  tags: ["admin"],
  summary: "The most saved products (at most 100), each with its saves, price-drop watchers and back-in-stock alerts waiting",
  responses: { 200: json(wishedForSchema, "The products shoppers want") },
});

export function adminWishlistRoutes() {
  const routes = new OpenAPIHono<AppEnv>();
  register(routes, wishedForOperation, async (c) => {
    const wished = await wishedForProducts(c.var.deps.db, c.var.storeId);
    return c.json({
      products: wished.map((row) => ({
        handle: row.handle,
        title: row.title,
        saves: row.saves,
        price_watchers: row.priceWatchers,
        stock_alerts_waiting: row.stockAlertsWaiting,
      })),
    });
  });
  return routes;
}
