/**
 * Bundles and collections (permission `catalogue`): lists, one by id, create, change and delete. Each write is the
 * server/catalog editor function the admin screens call, with the staff actor for the audit trail, and answers the
 * bundle or collection as it now is. A change (PUT) replaces the whole bundle or collection with the one sent: read
 * it, change it, send it back.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z } from "zod";
import {
  bundleAnswerSchema,
  bundleInputSchema,
  bundleListSchema,
  bundlePictureUploadSchema,
  collectionAnswerSchema,
  collectionInputSchema,
  collectionListSchema,
  merchandisingIdParamsSchema,
} from "../../core/schemas/admin-merchandising";
import {
  BUNDLE_NOT_FOUND,
  createBundle,
  deleteBundle,
  getBundleRecord,
  listBundles,
  updateBundle,
  uploadBundlePictures,
  type BundleRecord,
} from "../catalog/bundle-editor";
import {
  COLLECTION_NOT_FOUND,
  createCollection,
  deleteCollection,
  getCollectionRecord,
  listCollections,
  updateCollection,
  type CollectionRecord,
} from "../catalog/collection-editor";
import type { AppEnv } from "../context";
import { errorBodySchema, HttpError, parseWith } from "../http/errors";
import { readUploadForm } from "../images/picture-intake";
import { adminOperation } from "./admin-operation";
import { BAD_INPUT, bodyOf, errors, json, jsonBody, register, successSchema } from "./operation";

const HANDLE_TAKEN = "Another one has this handle (field handle)";
const params = { params: merchandisingIdParamsSchema };

const listBundlesOperation = adminOperation("catalogue", {
  method: "get",
  path: "/bundles",
  tags: ["admin"],
  summary: "The store's bundles, by title",
  responses: { 200: json(bundleListSchema, "Every bundle") },
});

const createBundleOperation = adminOperation("catalogue", {
  method: "post",
  path: "/bundles",
  tags: ["admin"],
  summary: "Create a bundle: its products in order, the variants each offers with their quantity, price and standalone flag",
  request: { body: jsonBody(bundleInputSchema) },
  responses: { 201: json(bundleAnswerSchema, "The bundle"), ...errors({ 400: BAD_INPUT, 409: HANDLE_TAKEN }) },
});

const readBundleOperation = adminOperation("catalogue", {
  method: "get",
  path: "/bundles/{id}",
  tags: ["admin"],
  summary: "A bundle as the editor shows it",
  request: params,
  responses: { 200: json(bundleAnswerSchema, "The bundle"), ...errors({ 400: BAD_INPUT, 404: BUNDLE_NOT_FOUND }) },
});

const updateBundleOperation = adminOperation("catalogue", {
  method: "put",
  path: "/bundles/{id}",
  tags: ["admin"],
  summary: "Replace a bundle with the one sent; its pictures may be reordered or left out, new ones are uploaded",
  request: { ...params, body: jsonBody(bundleInputSchema) },
  responses: { 200: json(bundleAnswerSchema, "The bundle"), ...errors({ 400: BAD_INPUT, 404: BUNDLE_NOT_FOUND, 409: HANDLE_TAKEN }) },
});

const uploadBundlePicturesOperation = adminOperation("catalogue", {
  method: "post",
  path: "/bundles/{id}/pictures",
  tags: ["admin"],
  summary: "Upload pictures (JPEG, PNG, WebP, AVIF; 20 MB each), added after the bundle's others",
  description:
    "A multipart form with `file` once per picture. Each picture is read by its content, not its name, and stored " +
    "without EXIF with the storefront's renditions. All or none: one refused picture stores none of them. To reorder " +
    "or remove pictures, PUT the bundle with the image_urls it keeps.",
  request: { ...params, body: { required: true, content: { "multipart/form-data": { schema: bundlePictureUploadSchema } } } },
  responses: {
    201: json(bundleAnswerSchema, "The bundle, the new pictures last"),
    ...errors({ 400: `${BAD_INPUT}; or no picture sent`, 404: BUNDLE_NOT_FOUND }),
    413: json(errorBodySchema, "A picture over 20 MB, or more than 10 pictures"),
    415: json(errorBodySchema, "Pictures must be JPEG, PNG, WebP or AVIF"),
  },
});

const deleteBundleOperation = adminOperation("catalogue", {
  method: "delete",
  path: "/bundles/{id}",
  tags: ["admin"],
  summary: "Delete a bundle; carts holding it drop it when they next load, orders keep their copy",
  request: params,
  responses: { 200: json(successSchema, "Deleted"), ...errors({ 400: BAD_INPUT, 404: BUNDLE_NOT_FOUND }) },
});

const listCollectionsOperation = adminOperation("catalogue", {
  method: "get",
  path: "/collections",
  tags: ["admin"],
  summary: "The store's collections, by title, with which one is featured and which are in the navigation",
  responses: { 200: json(collectionListSchema, "Every collection") },
});

const createCollectionOperation = adminOperation("catalogue", {
  method: "post",
  path: "/collections",
  tags: ["admin"],
  summary: "Create a collection: its products and bundles in the shop's order, featured on the home page, linked in the navigation",
  request: { body: jsonBody(collectionInputSchema) },
  responses: { 201: json(collectionAnswerSchema, "The collection"), ...errors({ 400: BAD_INPUT, 409: HANDLE_TAKEN }) },
});

const readCollectionOperation = adminOperation("catalogue", {
  method: "get",
  path: "/collections/{id}",
  tags: ["admin"],
  summary: "A collection with its products and bundles in order",
  request: params,
  responses: { 200: json(collectionAnswerSchema, "The collection"), ...errors({ 400: BAD_INPUT, 404: COLLECTION_NOT_FOUND }) },
});

const updateCollectionOperation = adminOperation("catalogue", {
  method: "put",
  path: "/collections/{id}",
  tags: ["admin"],
  summary: "Replace a collection with the one sent; featuring it unfeatures the one before",
  request: { ...params, body: jsonBody(collectionInputSchema) },
  responses: {
    200: json(collectionAnswerSchema, "The collection"),
    ...errors({ 400: BAD_INPUT, 404: COLLECTION_NOT_FOUND, 409: HANDLE_TAKEN, 422: "all_products keeps its handle" }),
  },
});

const deleteCollectionOperation = adminOperation("catalogue", {
  method: "delete",
  path: "/collections/{id}",
  tags: ["admin"],
  summary: "Delete a collection (never all_products) with its links in the navigation and footer",
  request: params,
  responses: { 200: json(successSchema, "Deleted"), ...errors({ 400: BAD_INPUT, 404: COLLECTION_NOT_FOUND, 422: "all_products cannot be deleted" }) },
});

const idOf = (c: Context<AppEnv>) => Number(parseWith(merchandisingIdParamsSchema, { id: c.req.param("id") }).id);

const bundleBody = (bundle: BundleRecord): z.infer<typeof bundleAnswerSchema> => ({
  bundle: {
    id: bundle.id,
    handle: bundle.handle,
    title: bundle.title,
    description: bundle.description,
    price_cents: bundle.priceCents,
    is_standalone: bundle.isStandalone,
    image_urls: bundle.imageUrls,
    products: bundle.products.map((product) => ({
      product_id: product.productId,
      handle: product.handle,
      title: product.title,
      quantity: product.quantity,
      skus: product.skus,
    })),
    sku_to_quantity: bundle.skuToQuantity,
  },
});

const collectionBody = (collection: CollectionRecord): z.infer<typeof collectionAnswerSchema> => ({
  collection: {
    id: collection.id,
    handle: collection.handle,
    title: collection.title,
    featured: collection.featured,
    in_navigation: collection.inNavigation,
    products: collection.products,
    bundles: collection.bundles,
  },
});

export function adminMerchandisingRoutes() {
  const routes = new OpenAPIHono<AppEnv>();

  register(routes, listBundlesOperation, async (c) => {
    const found = await listBundles(c.var.deps.db, c.var.storeId);
    return c.json({
      bundles: found.map((bundle) => ({
        id: bundle.id,
        handle: bundle.handle,
        title: bundle.title,
        price_cents: bundle.priceCents,
        is_standalone: bundle.isStandalone,
        product_count: bundle.productCount,
        image_url: bundle.imageUrl,
      })),
    });
  });

  register(routes, createBundleOperation, async (c) => {
    const input = await bodyOf(c, createBundleOperation);
    return c.json(bundleBody(await createBundle(c.var.deps.db, c.var.staffActor, input)), 201);
  });

  register(routes, readBundleOperation, async (c) => c.json(bundleBody(await getBundleRecord(c.var.deps.db, c.var.storeId, idOf(c)))));

  register(routes, updateBundleOperation, async (c) => {
    const id = idOf(c);
    const input = await bodyOf(c, updateBundleOperation);
    return c.json(bundleBody(await updateBundle(c.var.deps.db, c.var.staffActor, id, input)));
  });

  register(routes, uploadBundlePicturesOperation, async (c) => {
    const id = idOf(c);
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new HttpError(400, "Send the pictures as a multipart form");
    }
    return c.json(bundleBody(await uploadBundlePictures(c.var.deps, c.var.staffActor, id, readUploadForm(form).files)), 201);
  });

  register(routes, deleteBundleOperation, async (c) => {
    await deleteBundle(c.var.deps.db, c.var.staffActor, idOf(c));
    return c.json({ success: true as const });
  });

  register(routes, listCollectionsOperation, async (c) => {
    const found = await listCollections(c.var.deps.db, c.var.storeId);
    return c.json({
      collections: found.map((collection) => ({
        id: collection.id,
        handle: collection.handle,
        title: collection.title,
        featured: collection.featured,
        in_navigation: collection.inNavigation,
        product_count: collection.productCount,
        bundle_count: collection.bundleCount,
      })),
    });
  });

  register(routes, createCollectionOperation, async (c) => {
    const input = await bodyOf(c, createCollectionOperation);
    return c.json(collectionBody(await createCollection(c.var.deps.db, c.var.staffActor, input)), 201);
  });

  register(routes, readCollectionOperation, async (c) => c.json(collectionBody(await getCollectionRecord(c.var.deps.db, c.var.storeId, idOf(c)))));

  register(routes, updateCollectionOperation, async (c) => {
    const id = idOf(c);
    const input = await bodyOf(c, updateCollectionOperation);
    return c.json(collectionBody(await updateCollection(c.var.deps.db, c.var.staffActor, id, input)));
  });

  register(routes, deleteCollectionOperation, async (c) => {
    await deleteCollection(c.var.deps.db, c.var.staffActor, idOf(c));
    return c.json({ success: true as const });
  });

  return routes;
}
