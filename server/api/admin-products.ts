/**
 * The admin API's product editor (permission `catalogue`): the list, a product, and creating, changing, duplicating
 * and publishing or archiving one. Each write is the server/catalog function the admin screens and the Shopify import
 * call, in one transaction with the staff actor for the audit trail; each answers the product as it now is.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z } from "zod";
import {
  productAnswerSchema,
  productIdParamsSchema,
  productInputSchema,
  productListQuerySchema,
  productPageSchema,
  productStatusInputSchema,
} from "../../core/schemas/admin-catalogue";
import {
  getAdminProduct,
  listAdminProducts,
  productInputOf,
  productWriteConflict,
  duplicateProduct,
  setProductStatus,
  type AdminProduct,
} from "../catalog/product-editor";
import { saveProductAndAlert } from "../catalog/catalogue-writes";
import type { AppEnv } from "../context";
import { adminOperation, iso, LINKS_LEAD_HERE, pageAnswer, pagedList, resourceOperations } from "./admin-operation";
import {
  BAD_INPUT,
  bodyOf,
  errors,
  json,
  jsonBody,
  numberParam,
  register,
} from "./operation";

const NOT_FOUND = "No product with this id in this store";
const TAKEN =
  "The handle, or a SKU, belongs to another product (the message names it)";
const BAD_PRODUCT = `${BAD_INPUT}; also a product published while a picture has no alt text (field status)`;

const listProducts = adminOperation("catalogue", {
  ...pagedList("/products", productListQuerySchema, productPageSchema, "products"),
  summary:
    "Products, newest first, by status and search (title, handle, SKU), 50 a page",
});

const createProduct = adminOperation("catalogue", {
  method: "post",
  path: "/products",
  summary:
    "Create a product with its options and variants; the description is cleaned to a safe subset of HTML",
  request: { body: jsonBody(productInputSchema) },
  responses: {
    201: json(productAnswerSchema, "The product"),
    ...errors({ 400: BAD_PRODUCT, 409: TAKEN }),
  },
});

const onProduct = resourceOperations("catalogue", {
  path: "/products/{id}",
  params: productIdParamsSchema,
  notFound: NOT_FOUND,
  answer: json(productAnswerSchema, "The product"),
});

const readProduct = onProduct.get({
  summary:
    "A product: its fields, variants with stock and plans, pictures, collections and old handles",
});

const updateProduct = onProduct.put({
  summary:
    "Replace a product with the whole input: variants are matched by SKU (kept ones changed, new ones added, missing ones removed); a changed handle keeps the old address answering with a 301; links that taking it off sale (status draft or archived) leaves leading nowhere go or stay as `links` says",
  body: jsonBody(productInputSchema),
  refusals: { 400: BAD_PRODUCT, 409: `${TAKEN}; or, when the save takes an active product off sale, ${LINKS_LEAD_HERE}` },
});

const duplicate = onProduct.post({
  path: "/duplicate",
  summary:
    "A draft copy: handle <handle>-copy, title 'Copy of …', SKUs with -COPY, no stock, the same pictures and collections",
  answers: { 201: json(productAnswerSchema, "The copy") },
});

const changeStatus = onProduct.post({
  path: "/status",
  summary:
    "Publish (active), take back to draft, or archive a product; publishing needs alt text on every picture; links that taking it off sale leaves leading nowhere go or stay as `links` says",
  body: jsonBody(productStatusInputSchema),
  refusals: { 400: BAD_PRODUCT, 409: LINKS_LEAD_HERE },
});

const idOf = numberParam(productIdParamsSchema, "id");

export function productBody(product: AdminProduct): z.infer<typeof productAnswerSchema> {
  const input = productInputOf(product);
  return {
    product: {
      id: product.id,
      ...input,
      tax_class: product.taxClass,
      variants: product.variants.map((variant, row) => ({
        id: variant.id,
        ...input.variants[row],
        stock: variant.stock,
        image_id: variant.imageId,
        subscriptions: variant.subscriptions.map((plan) => ({
          id: plan.id,
          name: plan.name,
          price_cents: plan.priceCents,
          interval: plan.interval,
          interval_unit: plan.intervalUnit,
        })),
      })),
      collection_ids: product.collectionIds,
      pictures: product.pictures.map((picture) => ({
        id: picture.id,
        url: picture.url,
        alt_text: picture.altText,
        position: picture.position,
      })),
      old_handles: product.oldHandles,
      created_at: iso(product.createdAt),
      updated_at: iso(product.updatedAt),
    },
  };
}

export function adminProductsRoutes() {
  const routes = new OpenAPIHono<AppEnv>();
  const answer = async (c: Context<AppEnv>, productId: number) =>
    productBody(await getAdminProduct(c.var.deps.db, c.var.deps.storeId, productId));

  register(
    routes,
    listProducts,
    pageAnswer(listProducts, "products", listAdminProducts, (row) => ({
      id: row.id,
      title: row.title,
      handle: row.handle,
      status: row.status,
      variant_count: row.variantCount,
      total_stock: row.totalStock,
      min_price_cents: row.minPriceCents,
      max_price_cents: row.maxPriceCents,
      picture_url: row.pictureUrl,
    })),
  );

  register(routes, createProduct, async (c) => {
    const input = await bodyOf(c, createProduct);
    const { productId } = await saveProductAndAlert(c.var.deps, c.var.staffActor, input, { create: true });
    return c.json(await answer(c, productId), 201);
  });

  register(routes, readProduct, async (c) => c.json(await answer(c, idOf(c))));

  register(routes, updateProduct, async (c) => {
    const productId = idOf(c);
    const input = await bodyOf(c, updateProduct);
    await saveProductAndAlert(c.var.deps, c.var.staffActor, input, { productId });
    return c.json(await answer(c, productId));
  });

  register(routes, duplicate, async (c) => {
    const productId = idOf(c);
    const copy = await productWriteConflict(
      c.var.deps.db.transaction((tx) =>
        duplicateProduct(tx, c.var.staffActor, productId),
      ),
    );
    return c.json(await answer(c, copy.productId), 201);
  });

  register(routes, changeStatus, async (c) => {
    const productId = idOf(c);
    const { status, links } = await bodyOf(c, changeStatus);
    await c.var.deps.db.transaction((tx) =>
      setProductStatus(tx, c.var.staffActor, productId, status, links),
    );
    return c.json(await answer(c, productId));
  });

  return routes;
}
