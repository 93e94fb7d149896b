/**
 * Discount codes and the welcome popup's offer (permission `discounts`). Each write is the server/discounts editor
 * function the admin screens call, with the staff actor for the audit trail. A change (PUT) replaces the code's terms
 * with the ones sent: read it, change it, send it back. Money is integer cents; dates are ISO 8601 with an offset.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { z } from "zod";
import {
  discountActionSchema,
  discountAnswerSchema,
  discountIdParamsSchema,
  discountInputSchema,
  discountListSchema,
  welcomeOfferAnswerSchema,
  welcomeOfferInputSchema,
} from "../../core/schemas/admin-discounts";
import type { AppEnv } from "../context";
import {
  changeDiscountStatus,
  CODE_TAKEN,
  createDiscount,
  DISCOUNT_NOT_FOUND,
  ENDED_STAYS_ENDED,
  getDiscountRecord,
  getWelcomeOffer,
  listDiscounts,
  setWelcomeOffer,
  updateDiscount,
  USED_CODE_KEEPS_NAME,
  type DiscountRecord,
  type WelcomeOffer,
} from "../discounts/discount-editor";
import { iso, isoOrNull, resourceOperations } from "./admin-operation";
import { bodyOf, json, jsonBody, numberParam, register } from "./operation";

const onDiscounts = resourceOperations("discounts", { path: "/discounts", answer: json(discountListSchema, "Every code") });

const listOperation = onDiscounts.get({
  summary: "The store's discount codes, newest first, with their state, paid orders and revenue (welcome codes are not listed)",
});

const createOperation = onDiscounts.post({
  summary: "Create a code: percentage (with an optional cap), fixed amount or free shipping; limit, dates, minimum subtotal, once per customer",
  body: jsonBody(discountInputSchema),
  answers: { 201: json(discountAnswerSchema, "The code") },
  refusals: { 409: CODE_TAKEN },
});

const onDiscount = resourceOperations("discounts", {
  path: "/discounts/{id}",
  params: discountIdParamsSchema,
  notFound: DISCOUNT_NOT_FOUND,
  answer: json(discountAnswerSchema, "The code"),
});

const readOperation = onDiscount.get({ summary: "A code with its state, paid orders and revenue" });

const updateOperation = onDiscount.put({
  summary: "Replace a code's terms with the ones sent; a code orders have used keeps its name",
  body: jsonBody(discountInputSchema),
  refusals: { 409: `${CODE_TAKEN}; or: ${USED_CODE_KEEPS_NAME}` },
});

const statusOperation = onDiscount.post({
  path: "/status",
  summary: "Pause, resume or end a code; an ended code stays ended",
  body: jsonBody(discountActionSchema),
  refusals: { 409: ENDED_STAYS_ENDED },
});

const onWelcomeOffer = resourceOperations("discounts", { path: "/discounts/welcome-offer", answer: json(welcomeOfferAnswerSchema, "The offer") });

const readWelcomeOperation = onWelcomeOffer.get({
  summary: "The welcome popup's offer: on or off, its percentage, the first-order codes sent and used",
});

const updateWelcomeOperation = onWelcomeOffer.put({
  summary: "Turn the welcome popup's offer on or off and set its percentage; codes sent before keep their terms",
  body: jsonBody(welcomeOfferInputSchema),
});

const idOf = numberParam(discountIdParamsSchema, "id");

type DiscountBody = z.infer<typeof discountAnswerSchema>["discount"];

const discountBody = (discount: DiscountRecord): DiscountBody => ({
  id: discount.id,
  code: discount.code,
  type: discount.type,
  percentage: discount.percentage,
  max_discount_cents: discount.maxDiscountCents,
  amount_cents: discount.amountCents,
  free_shipping: discount.freeShipping,
  max_redemptions: discount.maxRedemptions,
  starts_on: discount.startsOn,
  ends_on: discount.endsOn,
  starts_at: isoOrNull(discount.startsAt),
  ends_at: isoOrNull(discount.endsAt),
  minimum_subtotal_cents: discount.minimumSubtotalCents,
  once_per_customer: discount.oncePerCustomer,
  applies_to_renewals: discount.appliesToRenewals,
  state: discount.state,
  used: discount.used,
  redemptions: discount.redemptions,
  revenue_cents: discount.revenueCents,
  created_at: iso(discount.createdAt),
});

const welcomeBody = (offer: WelcomeOffer): z.infer<typeof welcomeOfferAnswerSchema> => ({
  welcome_offer: { enabled: offer.enabled, percentage: offer.percentage, codes_sent: offer.codesSent, codes_used: offer.codesUsed },
});

export function adminDiscountsRoutes() {
  const routes = new OpenAPIHono<AppEnv>();
  // Before /discounts/{id}: "welcome-offer" is not an id.
  register(routes, readWelcomeOperation, async (c) => c.json(welcomeBody(await getWelcomeOffer(c.var.deps.db, c.var.deps.storeId))));
  register(routes, updateWelcomeOperation, async (c) => {
    const input = await bodyOf(c, updateWelcomeOperation);
    return c.json(welcomeBody(await setWelcomeOffer(c.var.deps.db, c.var.staffActor, input)));
  });
  register(routes, listOperation, async (c) => c.json({ discounts: (await listDiscounts(c.var.deps.db, c.var.deps.storeId)).map(discountBody) }));
  register(routes, createOperation, async (c) => {
    const input = await bodyOf(c, createOperation);
    return c.json({ discount: discountBody(await createDiscount(c.var.deps.db, c.var.staffActor, input)) }, 201);
  });
  register(routes, readOperation, async (c) => c.json({ discount: discountBody(await getDiscountRecord(c.var.deps.db, c.var.deps.storeId, idOf(c))) }));
  register(routes, updateOperation, async (c) => {
    const id = idOf(c);
    const input = await bodyOf(c, updateOperation);
    return c.json({ discount: discountBody(await updateDiscount(c.var.deps.db, c.var.staffActor, id, input)) });
  });
  register(routes, statusOperation, async (c) => {
    const id = idOf(c);
    const { action } = await bodyOf(c, statusOperation);
    return c.json({ discount: discountBody(await changeDiscountStatus(c.var.deps.db, c.var.staffActor, id, action)) });
  });
  return routes;
}
