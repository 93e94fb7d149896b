/**
 * The cart service and the discount lookup (docs/api.md, Cart service; Discounts). The cart is the one the request's
 * httpOnly cookie names; a first save creates it and sets the cookie.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { INVALID_DISCOUNT_MESSAGE } from "../../core/cart";
import { toApiCart, toApiDiscount } from "../../core/cart-wire";
import { cartResponseSchema, discountResponseSchema, saveCartSchema } from "../../core/schemas/cart";
import type { AppEnv } from "../context";
import { checkDiscountGuesses, countFailedDiscountGuess } from "../cart/discount-guard";
import { findDiscount } from "../cart/discounts";
import { cartIdForRequest, loadCartForRequest, newCartToken, saveCart } from "../cart/store";
import { clientIp } from "../http/client-ip";
import { HttpError } from "../http/errors";
import { BAD_INPUT, bodyOf, errors, json, jsonBody, operation, register } from "./operation";

const loadCart = operation({
  method: "get",
  path: "/cart-items",
  tags: ["cart"],
  summary: "The cart the cookie names, priced by the server",
  responses: { 200: json(cartResponseSchema, "The cart") },
});

const saveCartOperation = operation({
  method: "post",
  path: "/cart-items",
  tags: ["cart"],
  summary: "Save the cart (creates it and sets its cookie on first save)",
  request: { body: jsonBody(saveCartSchema) },
  responses: { 200: json(cartResponseSchema, "The cart as saved, priced by the server"), ...errors({ 400: BAD_INPUT }) },
});

const discount = operation({
  method: "get",
  path: "/discount/{code}",
  tags: ["cart"],
  summary: "Look up a discount code",
  request: {
    params: z.object({ code: z.string() }),
    query: z.object({ store_id: z.string().optional().describe("Store; defaults to this deployment's") }),
  },
  responses: {
    200: json(discountResponseSchema, "The code's terms"),
    ...errors({ 404: "Unknown store or invalid code", 429: "Too many failed codes; see Retry-After" }),
  },
});

export function cartRoutes() {
  const routes = new OpenAPIHono<AppEnv>();

  register(routes, loadCart, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(toApiCart(await loadCartForRequest(c.var.deps, c.req.raw)));
  });

  register(routes, saveCartOperation, async (c) => {
    const { db, config } = c.var.deps;
    const body = await bodyOf(c, saveCartOperation);
    let cartId = cartIdForRequest(c.req.raw);
    if (!cartId) {
      const created = newCartToken(config);
      cartId = created.cartId;
      c.header("Set-Cookie", created.setCookie, { append: true });
    }
    c.header("Cache-Control", "no-store");
    return c.json(toApiCart(await saveCart(db, c.var.deps.storeId, cartId, body)));
  });

  register(routes, discount, async (c) => {
    const { db, rateLimiter } = c.var.deps;
    const client = clientIp(c);
    await checkDiscountGuesses(rateLimiter, client);
    const found = await findDiscount(db, c.var.deps.storeId, c.req.param("code"));
    if (!found) {
      await countFailedDiscountGuess(rateLimiter, client);
      throw new HttpError(404, INVALID_DISCOUNT_MESSAGE);
    }
    c.header("Cache-Control", "no-store");
    return c.json({ data: toApiDiscount(found) });
  });

  return routes;
}
