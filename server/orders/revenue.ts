/**
 * Revenue, defined once (decision 0049): what a placed order kept, its total less every refund of it and less what its
 * open payment link still asks (decision 0057), so a cancelled order nets nothing, a partly refunded one what is
 * left, and an edited order waiting for its balance what was paid. An order never paid brings nothing. The dashboard, the
 * customers' total spent, each discount code's figure and the cart reminders' recovered sales all sum this.
 */
import { sql } from "drizzle-orm";
import { ORDER_GROUPS } from "../../core/order-lifecycle";
import { owedCentsOf, refundedCentsOf } from "./refunds";

const placedStates = sql.join(
  ORDER_GROUPS.placed.map((state) => sql`${state}`),
  sql`, `,
);

/** `order`: what the surrounding query calls the order's row (refundedCentsOf says why it is named). */
export const revenueCentsOf = (order = "orders") =>
  sql<string>`(case when ${sql.identifier(order)}.status in (${placedStates}) then ${sql.identifier(order)}.total_cents - ${refundedCentsOf(order)} - ${owedCentsOf(order)} else 0 end)`;
