/** Payload of the admin API's wishlist report (/api/admin/wishlists). */
import { z } from "zod";

export const wishedForSchema = z.object({
  products: z.array(
    z.object({
      handle: z.string(),
      title: z.string(),
      saves: z.number().int().describe("Wishlists holding it, customers' and guests'"),
      price_watchers: z.number().int().describe("Customers who saved it and get price-drop emails"),
      stock_alerts_waiting: z.number().int().describe("Confirmed back-in-stock alerts waiting for its restock"),
    }),
  ),
});
