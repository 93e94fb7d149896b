import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ApiBundleCartItem as BundleCartItem, ApiProductCartItem as ProductCartItem } from "../../core/cart-wire";
import type { CartResponse } from "../../core/schemas/cart";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { DEMO } from "../db/seed";
import { bundleProducts, bundles, cartLines, carts, discounts, products, subscriptionOptions, variants } from "../db/schema";
import { createRateLimiter } from "../http/rate-limit";
import { checkDiscountGuesses, countFailedDiscountGuess } from "./discount-guard";
import { getCartLines, mergeCarts, priceStoredCart, saveCart } from "./store";
import { namedError } from "../../tests/support/errors";

const SUB = DEMO.subscriptions.houseBlend;

let t: TestApp;
let storeId: string;

beforeAll(async () => {
  t = await createTestApp();
  storeId = t.deps.storeId;
});
afterAll(async () => {
  await t.database.dispose();
});

async function variantPrice(sku: string): Promise<number> {
  const [row] = await t.deps.db
    .select({ price: variants.priceCents })
    .from(variants)
    .where(and(eq(variants.storeId, storeId), eq(variants.sku, sku)));
  return row.price;
}

async function bundleRow(handle: string) {
  const [row] = await t.deps.db
    .select()
    .from(bundles)
    .where(and(eq(bundles.storeId, storeId), eq(bundles.handle, handle)));
  return row;
}

async function inStockSkus(count: number): Promise<string[]> {
  const rows = await t.deps.db.select({ sku: variants.sku }).from(variants).where(eq(variants.storeId, storeId));
  return rows.slice(0, count).map((row) => row.sku);
}

const productLine = (sku: string, quantity = 1, extra: Partial<ProductCartItem> = {}) => ({
  kind: "product",
  sku,
  quantity,
  title: "whatever the browser says",
  product_price: 0.01,
  ...extra,
});

/** A shopper: remembers the cart cookie the server sets, as a browser would. */
function shopper() {
  let cookie = "";
  return {
    async send(method: string, path: string, body?: unknown) {
      const response = await t.call(method, path, body, cookie ? { cookie } : {});
      const set = response.headers.get("set-cookie");
      if (set) cookie = set.split(";")[0];
      return response;
    },
    get cookie() {
      return cookie;
    },
  };
}

describe("POST and GET /api/cart-items", () => {
  it("stores a guest cart under an httpOnly SameSite=Lax cookie and returns it on load", async () => {
    const guest = shopper();
    const saved = await guest.send("POST", "/api/cart-items", { cartItems: [productLine(SUB.sku, 2)] });
    expect(saved.status).toBe(200);
    const setCookie = saved.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const loaded = await guest.send("GET", "/api/cart-items");
    const body = (await loaded.json()) as CartResponse;
    expect(body.cartItems).toHaveLength(1);
    expect(body.cartItems[0]).toMatchObject({ kind: "product", sku: SUB.sku, quantity: 2, handle: SUB.handle });
    expect(body.notices).toEqual([]);
  });

  it("answers an empty cart to a visitor without a cookie, and sets none", async () => {
    const response = await t.call("GET", "/api/cart-items");
    expect(await response.json()).toEqual({ cartItems: [], discount: null, notices: [], stock: {} });
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("ignores a tampered price: 0.01 comes back as the real price", async () => {
    const guest = shopper();
    const real = await variantPrice(SUB.sku);
    const response = await guest.send("POST", "/api/cart-items", { cartItems: [productLine(SUB.sku, 3)] });
    const body = (await response.json()) as CartResponse;
    const line = body.cartItems[0] as ProductCartItem;
    expect(line.product_price).toBe(real / 100);
    expect(line.title).not.toBe("whatever the browser says");

    const priced = await priceStoredCart(t.deps.db, storeId, await cartIdOf(guest.cookie));
    expect(priced.subtotalCents).toBe(real * 3);
  });

  it("prices a subscribed line at the subscription's price, apart from the one-time line of the same sku", async () => {
    const guest = shopper();
    const [sub] = await t.deps.db.select().from(subscriptionOptions).where(eq(subscriptionOptions.id, SUB.monthly));
    const response = await guest.send("POST", "/api/cart-items", {
      cartItems: [
        productLine(SUB.sku, 1),
        productLine(SUB.sku, 2, {
          subscription: {
            subscription_id: SUB.monthly,
            subscription_price: 0.01,
            subscription_interval: 1,
            subscription_interval_unit: "month",
          },
        }),
      ],
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as CartResponse;
    const [oneTime, subscribed] = body.cartItems as ProductCartItem[];
    expect(oneTime.subscription).toBeUndefined();
    expect(subscribed.subscription).toMatchObject({
      subscription_id: SUB.monthly,
      subscription_price: sub.priceCents / 100,
      subscription_interval: sub.interval,
      subscription_interval_unit: sub.intervalUnit,
    });
    expect(subscribed.product_price).toBe(sub.priceCents / 100);
  });

  it("stores a bundle line with the bundle's price and each chosen variant's quantity", async () => {
    const guest = shopper();
    const bundle = await bundleRow(DEMO.bundleHandles.giftBox);
    const chosen = await chosenVariants(bundle.id);
    const response = await guest.send("POST", "/api/cart-items", {
      cartItems: [{ kind: "bundle", bundle_id: bundle.id, quantity: 2, selected_variants: chosen, price: "0.01" }],
    });
    expect(response.status).toBe(200);
    const line = ((await response.json()) as CartResponse).cartItems[0] as BundleCartItem;
    expect(line).toMatchObject({ kind: "bundle", bundle_id: bundle.id, quantity: 2, price: (bundle.priceCents / 100).toFixed(2) });
    expect(line.sku_to_quantity).toEqual(bundle.skuToQuantity);
    expect(line.handles).toEqual(Object.keys(chosen));
  });

  it("accepts the spec's cart items, which carry no kind: a line with bundle_id is a bundle, any other a product", async () => {
    const bundle = await bundleRow(DEMO.bundleHandles.giftBox);
    const chosen = await chosenVariants(bundle.id);
    const [sub] = await t.deps.db.select().from(subscriptionOptions).where(eq(subscriptionOptions.id, SUB.monthly));
    const plan = {
      subscription_id: SUB.monthly,
      subscription_name: sub.name,
      subscription_price: sub.priceCents / 100,
      subscription_interval: sub.interval,
      subscription_interval_unit: sub.intervalUnit,
    };
    // docs/api.md, Cart service: a product item is the variant's fields (sku, product_attributes, product_price, description,
    // total_stock, subscription: its plans) plus title, handle, quantity, image_urls and the chosen subscription.
    const variantFields = {
      sku: SUB.sku,
      product_attributes: { Size: "12 oz", Grind: "Whole Bean" },
      product_price: 16,
      description: "Whole bean",
      total_stock: 40,
      subscription: [plan],
    };
    const body = {
      cartItems: [
        { ...variantFields, title: "House Blend", handle: SUB.handle, quantity: 2, image_urls: ["/images/house-blend.jpg"] },
        {
          ...variantFields,
          title: "House Blend",
          handle: SUB.handle,
          quantity: 1,
          image_urls: ["/images/house-blend.jpg"],
          subscription: { subscription_id: plan.subscription_id, subscription_price: plan.subscription_price, subscription_interval: plan.subscription_interval, subscription_interval_unit: plan.subscription_interval_unit },
        },
        {
          bundle_id: bundle.id,
          title: bundle.title,
          price: (bundle.priceCents / 100).toFixed(2),
          quantity: 1,
          bundle_image_urls: bundle.imageUrls,
          handles: Object.keys(chosen),
          selected_variants: chosen,
          sku_to_quantity: bundle.skuToQuantity,
        },
      ],
    };
    const response = await t.call("POST", "/api/cart-items", body);
    expect(response.status).toBe(200);
    const { cartItems } = (await response.json()) as CartResponse;
    expect(cartItems).toMatchObject([
      { kind: "product", sku: SUB.sku, quantity: 2 },
      { kind: "product", sku: SUB.sku, quantity: 1, subscription: { subscription_id: SUB.monthly } },
      { kind: "bundle", bundle_id: bundle.id, quantity: 1, selected_variants: chosen },
    ]);
    expect((cartItems[0] as ProductCartItem).subscription).toBeUndefined();
  });

  it("lets a bundle take another variant of one of its products, with that product's quantity", async () => {
    const bundle = await bundleRow(DEMO.bundleHandles.pourOverKit);
    const chosen = { ...(await chosenVariants(bundle.id)), [DEMO.lowStock.productHandle]: DEMO.lowStock.sku };
    const response = await t.call("POST", "/api/cart-items", {
      cartItems: [{ kind: "bundle", bundle_id: bundle.id, quantity: 1, selected_variants: chosen }],
    });
    expect(response.status).toBe(200);
    const line = ((await response.json()) as CartResponse).cartItems[0] as BundleCartItem;
    expect(line.selected_variants[DEMO.lowStock.productHandle]).toBe(DEMO.lowStock.sku);
    expect(line.sku_to_quantity[DEMO.lowStock.sku]).toBe(1);
  });

  describe("refuses bad input with a 400 naming the problem and leaves the stored cart unchanged", () => {
    const cases: [string, unknown, RegExp][] = [
      ["an unknown sku", { cartItems: [productLine("NO-SUCH-SKU")] }, /cartItems\.0\.sku: unknown sku "NO-SUCH-SKU"/],
      ["quantity 0", { cartItems: [productLine(SUB.sku, 0)] }, /cartItems\.0\.quantity: must be at least 1/],
      ["quantity 100", { cartItems: [productLine(SUB.sku, 100)] }, /cartItems\.0\.quantity: must be at most 99/],
      ["a fractional quantity", { cartItems: [productLine(SUB.sku, 1.5)] }, /cartItems\.0\.quantity: must be a whole number/],
      ["a missing cartItems", {}, /cartItems/],
      ["an unknown kind", { cartItems: [{ kind: "gift", sku: SUB.sku, quantity: 1 }] }, /kind/],
      ["an unknown bundle", { cartItems: [{ kind: "bundle", bundle_id: 999999, quantity: 1, selected_variants: {} }] }, /cartItems\.0\.bundle_id: unknown bundle 999999/],
      ["a bundle id past any id", { cartItems: [{ kind: "bundle", bundle_id: 99999999999, quantity: 1, selected_variants: {} }] }, /cartItems\.0\.bundle_id: unknown bundle 99999999999/],
      [
        "a subscription of another sku",
        { cartItems: [productLine("BFAST-50G", 1, { subscription: { subscription_id: SUB.monthly } as never })] },
        /cartItems\.0\.subscription\.subscription_id/,
      ],
      ["the same line twice", { cartItems: [productLine(SUB.sku), productLine(SUB.sku)] }, /cartItems\.1: the same item appears twice/],
    ];

    it.each(cases)("%s", async (_name, body, message) => {
      const guest = shopper();
      await guest.send("POST", "/api/cart-items", { cartItems: [productLine(SUB.sku, 4)] });
      const response = await guest.send("POST", "/api/cart-items", body);
      expect(response.status).toBe(400);
      expect(namedError(await response.json())).toMatch(message);
      const after = (await (await guest.send("GET", "/api/cart-items")).json()) as CartResponse;
      expect(after.cartItems.map((item) => [item.quantity, (item as ProductCartItem).sku])).toEqual([[4, SUB.sku]]);
    });

    it("more than 19 lines", async () => {
      const guest = shopper();
      const skus = await inStockSkus(20);
      const response = await guest.send("POST", "/api/cart-items", { cartItems: skus.map((sku) => productLine(sku)) });
      expect(response.status).toBe(400);
      expect(namedError(await response.json())).toBe(
        "cartItems: Cart is full. Maximum 19 different items allowed.",
      );
      const nineteen = await guest.send("POST", "/api/cart-items", {
        cartItems: skus.slice(0, 19).map((sku) => productLine(sku)),
      });
      expect(nineteen.status).toBe(200);
    });

    it("malformed JSON", async () => {
      const response = await t.call("POST", "/api/cart-items", "{not json");
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Request body must be valid JSON" });
    });

    it("a body over 64 KB (413)", async () => {
      const response = await t.call("POST", "/api/cart-items", { cartItems: [], padding: "x".repeat(70 * 1024) });
      expect(response.status).toBe(413);
    });

    it("a bundle without a variant for every product", async () => {
      const bundle = await bundleRow(DEMO.bundleHandles.pourOverKit);
      const chosen = await chosenVariants(bundle.id);
      const [first] = Object.keys(chosen);
      delete chosen[first];
      const response = await t.call("POST", "/api/cart-items", {
        cartItems: [{ kind: "bundle", bundle_id: bundle.id, quantity: 1, selected_variants: chosen }],
      });
      expect(response.status).toBe(400);
      expect(namedError(await response.json())).toContain(`cartItems.0.selected_variants.${first}`);
    });

    it("a bundle variant of the wrong product", async () => {
      const bundle = await bundleRow(DEMO.bundleHandles.pourOverKit);
      const chosen = await chosenVariants(bundle.id);
      const [first] = Object.keys(chosen);
      chosen[first] = "BFAST-50G";
      const response = await t.call("POST", "/api/cart-items", {
        cartItems: [{ kind: "bundle", bundle_id: bundle.id, quantity: 1, selected_variants: chosen }],
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toContain(`"BFAST-50G" is not a variant of "${first}"`);
    });

    it("a bundle variant priced differently from the one the bundle lists", async () => {
      const bundle = await bundleRow(DEMO.bundleHandles.pourOverKit);
      const chosen = await chosenVariants(bundle.id);
      const line = (houseBlendSku: string) => ({
        cartItems: [{ kind: "bundle", bundle_id: bundle.id, quantity: 1, selected_variants: { ...chosen, "house-blend": houseBlendSku } }],
      });
      const response = await t.call("POST", "/api/cart-items", line("HOUSE-2LB-WB"));
      expect(response.status).toBe(400);
      expect(namedError(await response.json())).toContain(
        'cartItems.0.selected_variants.house-blend: "HOUSE-2LB-WB" is not offered in this bundle',
      );
      // Another grind of the same 12 oz bag is the shopper's to choose.
      expect((await t.call("POST", "/api/cart-items", line("HOUSE-12OZ-ESP"))).status).toBe(200);
    });
  });

  it("keeps the applied discount code on the cart and drops one that is no longer valid", async () => {
    const guest = shopper();
    const saved = (await (
      await guest.send("POST", "/api/cart-items", { cartItems: [productLine(SUB.sku, 2)], discount_code: "save15" })
    ).json()) as CartResponse;
    expect(saved.discount?.code).toBe("SAVE15");
    const cartId = await cartIdOf(guest.cookie);
    const [row] = await t.deps.db.select({ code: carts.discountCode }).from(carts).where(eq(carts.id, cartId));
    expect(row.code).toBe("SAVE15");

    // A later save without discount_code keeps it; null removes it.
    const kept = (await (await guest.send("POST", "/api/cart-items", { cartItems: [productLine(SUB.sku, 3)] })).json()) as CartResponse;
    expect(kept.discount?.code).toBe("SAVE15");
    const removed = (await (
      await guest.send("POST", "/api/cart-items", { cartItems: [productLine(SUB.sku, 3)], discount_code: null })
    ).json()) as CartResponse;
    expect(removed.discount).toBeNull();

    const exhausted = (await (
      await guest.send("POST", "/api/cart-items", { cartItems: [productLine(SUB.sku, 3)], discount_code: "SOLDOUT" })
    ).json()) as CartResponse;
    expect(exhausted.discount).toBeNull();
    expect(exhausted.notices).toEqual(["The discount code SOLDOUT is no longer valid and was removed."]);
  });
});

describe("concurrent saves", () => {
  it("leave exactly one of the carts sent, never a mix of their lines", async () => {
    const cartId = "concurrent-cart";
    const skus = await inStockSkus(12);
    const versions = [skus.slice(0, 4), skus.slice(4, 9), skus.slice(9, 12)];
    await Promise.all(
      versions.map((version) =>
        saveCart(t.deps.db, storeId, cartId, { cartItems: version.map((sku) => ({ kind: "product", sku, quantity: 1 })) }),
      ),
    );
    const stored = (await getCartLines(t.deps.db, storeId, cartId)).map((line) => (line.kind === "product" ? line.sku : ""));
    expect(versions).toContainEqual(stored);
  });
});

describe("repair on load", () => {
  it("reprices lines whose price changed and removes lines that are gone, telling the shopper why", async () => {
    const guest = shopper();
    const skus = (await inStockSkus(3)).filter((sku) => sku !== SUB.sku).slice(0, 2);
    await guest.send("POST", "/api/cart-items", { cartItems: skus.map((sku) => productLine(sku, 1)) });
    const [repriced, gone] = skus;
    const oldPrice = await variantPrice(repriced);
    await t.deps.db
      .update(variants)
      .set({ priceCents: oldPrice + 250 })
      .where(and(eq(variants.storeId, storeId), eq(variants.sku, repriced)));
    await t.deps.db.update(variants).set({ sku: `${gone}-RETIRED` }).where(and(eq(variants.storeId, storeId), eq(variants.sku, gone)));
    try {
      const body = (await (await guest.send("GET", "/api/cart-items")).json()) as CartResponse;
      expect(body.cartItems.map((item) => (item as ProductCartItem).sku)).toEqual([repriced]);
      expect((body.cartItems[0] as ProductCartItem).product_price).toBe((oldPrice + 250) / 100);
      expect(body.notices).toHaveLength(2);
      expect(body.notices[0]).toBe("An item in your cart is no longer available and was removed.");
      expect(body.notices[1]).toMatch(
        new RegExp(`^The price of .+ changed from \\$${(oldPrice / 100).toFixed(2)} to \\$${((oldPrice + 250) / 100).toFixed(2)}\\.$`),
      );
      // The repair is stored: the next load has nothing more to say.
      const again = (await (await guest.send("GET", "/api/cart-items")).json()) as CartResponse;
      expect(again.notices).toEqual([]);
      expect(again.cartItems).toHaveLength(1);
    } finally {
      await t.deps.db
        .update(variants)
        .set({ priceCents: oldPrice })
        .where(and(eq(variants.storeId, storeId), eq(variants.sku, repriced)));
      await t.deps.db.update(variants).set({ sku: gone }).where(and(eq(variants.storeId, storeId), eq(variants.sku, `${gone}-RETIRED`)));
    }
  });
});

describe("GET /api/discount/:code", () => {
  it("answers a valid code whatever its case, with what is left to redeem", async () => {
    const response = await t.call("GET", `/api/discount/save15?store_id=${storeId}`);
    expect(response.status).toBe(200);
    const [row] = await t.deps.db.select().from(discounts).where(and(eq(discounts.storeId, storeId), eq(discounts.code, "SAVE15")));
    expect(await response.json()).toEqual({
      data: {
        code: "SAVE15",
        discount_percentage: 15,
        max_redeemable_amount: 10,
        discount_amount: null,
        max_redemptions: row.maxRedemptions - row.redemptions,
        free_shipping: false,
      },
    });
  });

  it.each(["NOPE", "SOLDOUT", "WELCOME-TEMPLATE"])("%s is an invalid code (404)", async (code) => {
    const response = await t.call("GET", `/api/discount/${code}?store_id=${storeId}`, undefined, {
      "x-forwarded-for": code,
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Invalid discount code" });
  });

  it("404s an unknown store", async () => {
    const response = await t.call("GET", "/api/discount/SAVE15?store_id=no-such-store");
    expect(response.status).toBe(404);
  });

  it("refuses a client every lookup after 10 failed codes in a minute, with Retry-After", async () => {
    vi.useFakeTimers();
    try {
      const limiter = createRateLimiter();
      for (let i = 0; i < 10; i += 1) {
        await checkDiscountGuesses(limiter, "1.2.3.4");
        await countFailedDiscountGuess(limiter, "1.2.3.4");
      }
      await expect(checkDiscountGuesses(limiter, "1.2.3.4")).rejects.toMatchObject({ status: 429 });
      await expect(checkDiscountGuesses(limiter, "5.6.7.8")).resolves.toBeUndefined();
      vi.advanceTimersByTime(60_001);
      await expect(checkDiscountGuesses(limiter, "1.2.3.4")).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers 429 over HTTP once the failed guesses are used up", async () => {
    const app = await createTestApp();
    try {
      for (let i = 0; i < 10; i += 1) {
        expect((await app.call("GET", `/api/discount/GUESS${i}`)).status).toBe(404);
      }
      const refused = await app.call("GET", "/api/discount/SAVE15");
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    } finally {
      await app.database.dispose();
    }
  });
});

describe("stored cart for the checkout and the merge at sign-in", () => {
  it("getCartLines gives the lines in order and priceStoredCart prices them with the stored code", async () => {
    const cartId = "test-cart-pricing";
    const bundle = await bundleRow(DEMO.bundleHandles.teaSampler);
    const chosen = await chosenVariants(bundle.id);
    await saveCart(t.deps.db, storeId, cartId, {
      cartItems: [
        { kind: "product", sku: SUB.sku, quantity: 2 },
        { kind: "bundle", bundle_id: bundle.id, quantity: 1, selected_variants: chosen },
      ],
      discount_code: "TENOFF",
    });
    const lines = await getCartLines(t.deps.db, storeId, cartId);
    expect(lines.map((line) => line.kind)).toEqual(["product", "bundle"]);
    const priced = await priceStoredCart(t.deps.db, storeId, cartId);
    const price = await variantPrice(SUB.sku);
    expect(priced.subtotalCents).toBe(price * 2 + bundle.priceCents);
    expect(priced.discountCents).toBe(1000);
    expect(priced.totalCents).toBe(priced.subtotalCents - 1000);
    expect(priced.lines[1].stockComponents).toEqual(bundle.skuToQuantity);
  });

  it("mergeCarts applies core's add rules and deletes the guest cart", async () => {
    const skus = await inStockSkus(20);
    await saveCart(t.deps.db, storeId, "merge-into", {
      cartItems: skus.slice(0, 18).map((sku, i) => ({ kind: "product", sku, quantity: i === 0 ? 15 : 1 })),
    });
    await saveCart(t.deps.db, storeId, "merge-from", {
      cartItems: [
        { kind: "product", sku: skus[0], quantity: 5 }, // 15 + 5 = 20 is not below 20: ignored
        { kind: "product", sku: skus[1], quantity: 3 }, // grows to 4
        { kind: "product", sku: skus[18], quantity: 1 }, // 19th line: joins
        { kind: "product", sku: skus[19], quantity: 1 }, // 20th line: left out
      ],
      discount_code: "SAVE15",
    });
    await mergeCarts(t.deps.db, storeId, "merge-from", "merge-into");
    const merged = await getCartLines(t.deps.db, storeId, "merge-into");
    expect(merged).toHaveLength(19);
    expect(merged.slice(0, 2).map((line) => line.quantity)).toEqual([15, 4]);
    expect(merged[18]).toMatchObject({ sku: skus[18], quantity: 1 });
    const [from] = await t.deps.db.select().from(carts).where(eq(carts.id, "merge-from"));
    expect(from).toBeUndefined();
    expect(await t.deps.db.select().from(cartLines).where(eq(cartLines.cartId, "merge-from"))).toEqual([]);
    const priced = await priceStoredCart(t.deps.db, storeId, "merge-into");
    expect(priced.discount?.code).toBe("SAVE15");
  });
});

/** The bundle's own variant of each of its products, by product handle, in the bundle's order. */
async function chosenVariants(bundleId: number): Promise<Record<string, string>> {
  const [bundle] = await t.deps.db.select().from(bundles).where(eq(bundles.id, bundleId));
  const rows = await t.deps.db
    .select({ handle: products.handle, sku: variants.sku })
    .from(bundleProducts)
    .innerJoin(products, eq(products.id, bundleProducts.productId))
    .innerJoin(variants, eq(variants.productId, products.id))
    .where(and(eq(bundleProducts.bundleId, bundleId), inArray(variants.sku, Object.keys(bundle.skuToQuantity))))
    .orderBy(bundleProducts.position);
  return Object.fromEntries(rows.map((row) => [row.handle, row.sku]));
}

async function cartIdOf(cookie: string): Promise<string> {
  const { cartIdForRequest } = await import("./store");
  const id = cartIdForRequest(new Request("http://localhost/", { headers: { cookie } }));
  if (!id) throw new Error("no cart cookie");
  return id;
}
