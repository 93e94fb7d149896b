/**
 * An order's status and tracking link for whoever knows its number and the email it was placed with, signed in or
 * not. An unknown number and a known number with another email are one answer, reached by the same single query,
 * so neither the answer nor its timing says whether the number exists.
 */
import { and, eq, sql } from "drizzle-orm";
import { ORDER_NOT_FOUND_MESSAGE, type OrderLookupRequest, type OrderLookupResponse } from "../../core/schemas/order-lookup";
import { normalizeEmail } from "../../core/email-address";
import type { AppDeps } from "../context";
import { orders } from "../db/schema";
import { enforceRateLimit, type RateLimitPolicy } from "../http/rate-limit";
import { carrierName, trackingUrl } from "./carriers";
import { notFound } from "../../core/errors";

/** A shopper checks an order a few times; a household shares an address. */
export const LOOKUP_PER_CLIENT: RateLimitPolicy = { limit: 20, windowMs: 10 * 60_000 };
/** Across every address: guessing the email of a known number from many addresses stops here. */
export const LOOKUP_PER_ORDER: RateLimitPolicy = { limit: 10, windowMs: 10 * 60_000 };

export async function lookUpOrder(
  deps: AppDeps,
  clientIp: string,
  storeId: string,
  input: Pick<OrderLookupRequest, "order_number" | "email">,
): Promise<OrderLookupResponse> {
  await enforceRateLimit(deps.rateLimiter, [`order-lookup:ip:${clientIp}`], LOOKUP_PER_CLIENT);
  await enforceRateLimit(deps.rateLimiter, [`order-lookup:number:${storeId}:${input.order_number}`], LOOKUP_PER_ORDER);
  const [order] = await deps.db
    .select({
      number: orders.number,
      status: orders.status,
      createdAt: orders.createdAt,
      fulfilledAt: orders.fulfilledAt,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
    })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.number, input.order_number),
        sql`lower(trim(${orders.email})) = ${normalizeEmail(input.email)}`,
      ),
    );
  if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  const { carrier, trackingNumber } = order;
  return {
    order: {
      number: order.number!,
      status: order.status,
      placed_at: order.createdAt.toISOString(),
      shipped_at: order.fulfilledAt?.toISOString() ?? null,
      carrier: carrier ? carrierName(carrier) : null,
      tracking_number: trackingNumber,
      tracking_url: carrier && trackingNumber ? trackingUrl(carrier, trackingNumber) : null,
    },
  };
}
