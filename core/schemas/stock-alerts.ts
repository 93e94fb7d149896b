/** Back-in-stock alerts: the shopper's request, the link calls, and the owner's count of alerts waiting. */
import { z } from "zod";
import { storable } from "./storable";

const email = z.string().trim().min(1, "Email is required").max(254, "Email is too long").pipe(z.email("Invalid email address"));
const token = z.string().trim().min(1, "is required").max(200, "is too long");

export const stockAlertRequestSchema = storable(
  z.object({
    store_id: z.string().trim().min(1, "is required").max(64, "is too long"),
    sku: z.string().trim().min(1, "is required").max(100, "is too long"),
    /** Left out by a signed-in customer, whose account email is used. */
    email: email.optional(),
  }),
);
export type StockAlertRequest = z.infer<typeof stockAlertRequestSchema>;

export const stockAlertTokenSchema = storable(z.object({ token }));

/** One answer whether the address had an alert already or not. */
export const STOCK_ALERT_REQUESTED_MESSAGE = "Check your email: we sent a link to confirm the alert.";

export const stockAlertConfirmedSchema = z.object({ product_handle: z.string(), product_title: z.string() });
export type StockAlertConfirmed = z.infer<typeof stockAlertConfirmedSchema>;

export const waitingStockAlertsSchema = z.object({
  products: z.array(
    z.object({ product_id: z.number(), product_title: z.string(), product_handle: z.string(), waiting: z.number() }),
  ),
});
