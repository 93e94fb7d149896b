/** The owner's figures for cart reminders (decision 0037), as the report screen and GET /api/admin/cart-reminders read them. */
import { z } from "zod";

export const cartReminderReportQuerySchema = z.object({
  days: z.coerce.number().int("must be whole days").min(1, "must be at least 1").max(366, "must be at most 366").default(30),
});

export const cartReminderReportSchema = z
  .object({
    days: z.number().int(),
    since: z.string().describe("First UTC day of the period, YYYY-MM-DD"),
    reminders_sent: z.number().int().describe("Reminders mailed in the period"),
    carts_restored: z.number().int().describe("Reminders whose link was first opened in the period"),
    orders_recovered: z
      .number()
      .int()
      .describe("Orders paid in the period that are a reminder's recovered order: the first order paid from the cart its link filled, after the link was opened, and not cancelled or refunded"),
    revenue_recovered_cents: z.number().int().describe("Cents: the recovered orders' totals"),
  })
  .meta({ id: "CartReminderReport" });
export type CartReminderReport = z.infer<typeof cartReminderReportSchema>;
