/**
 * The cart service and the discount lookup (docs/api.md, Cart service; Discounts). The cart is the one the request's
 * httpOnly cookie names; a first save creates it and sets the cookie.
 */
import { Hono } from "hono";
import { INVALID_DISCOUNT_MESSAGE } from "../../core/cart";
import { saveCartSchema } from "../../core/schemas/cart";
import type { AppEnv } from "../context";
import { createDiscountGuard } from "../cart/discount-guard";
import { findDiscount } from "../cart/discounts";
import { cartIdForRequest, loadCartForRequest, newCartToken, saveCart } from "../cart/store";
import { clientIp } from "../http/client-ip";
import { HttpError, readJson } from "../http/errors";

export function cartRoutes() {
  const routes = new Hono<AppEnv>();
  const guesses = createDiscountGuard();

  routes.get("/cart-items", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await loadCartForRequest(c.var.deps, c.req.raw));
  });

  routes.post("/cart-items", async (c) => {
    const { db, config } = c.var.deps;
    const body = await readJson(c, saveCartSchema);
    let cartId = cartIdForRequest(c.req.raw);
    if (!cartId) {
      const created = newCartToken(config);
      cartId = created.cartId;
      c.header("Set-Cookie", created.setCookie, { append: true });
    }
    c.header("Cache-Control", "no-store");
    return c.json(await saveCart(db, c.var.storeId, cartId, body));
  });

  routes.get("/discount/:code", async (c) => {
    const { db } = c.var.deps;
    const client = clientIp(c);
    guesses.check(client);
    const discount = await findDiscount(db, c.var.storeId, c.req.param("code"));
    if (!discount) {
      guesses.fail(client);
      throw new HttpError(404, INVALID_DISCOUNT_MESSAGE);
    }
    c.header("Cache-Control", "no-store");
    return c.json({ data: discount });
  });

  return routes;
}
