/**
 * What shoppers want (permission `catalogue`): the most saved products, their price-drop watchers and the
 * back-in-stock alerts waiting, the numbers the back office's Wishlists screen shows (server/wishlist/wishlist.ts).
 */
import { wishedForSchema } from "../../core/schemas/admin-wishlists";
import { wishedForProducts } from "../wishlist/wishlist";
import { resourceOperations } from "./admin-operation";
import { json, oneOperationRoutes } from "./operation";

const wishedForOperation = resourceOperations("catalogue", { path: "/wishlists", answer: json(wishedForSchema, "The products shoppers want") }).get({
  summary: "The most saved products (at most 100), each with its saves, price-drop watchers and back-in-stock alerts waiting",
});

export function adminWishlistRoutes() {
  return oneOperationRoutes(wishedForOperation, async (c) => {
    const wished = await wishedForProducts(c.var.deps.db, c.var.deps.storeId);
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
}
