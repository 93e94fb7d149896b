/**
 * Bundles and collections (permission `catalogue`): lists, one by id, create, change and delete. Each write is the
 * server/catalog editor function the admin screens call, with the staff actor for the audit trail, and answers the
 * bundle or collection as it now is. A change (PUT) replaces the whole bundle or collection with the one sent: read
 * it, change it, send it back.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
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
  type BundleInput,
  type CollectionInput,
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
  type BundleSummary,
} from "../catalog/bundle-editor";
import {
  COLLECTION_NOT_FOUND,
  createCollection,
  deleteCollection,
  getCollectionRecord,
  listCollections,
  updateCollection,
  type CollectionRecord,
  type CollectionSummary,
} from "../catalog/collection-editor";
import type { AuditActor } from "../audit/audit";
import type { AppEnv } from "../context";
import type { Database } from "../db/client";
import { LINKED_REMOVAL, pictureRefusals, resourceOperations, uploadOf } from "./admin-operation";
import { BAD_INPUT, bodyOf, formBody, json, jsonBody, numberParam, queryOf, register } from "./operation";
import type { LinksChoice } from "../../core/navigation";

const HANDLE_TAKEN = "Another one has this handle (field handle)";

/**
 * What the API says differently of bundles and collections, edited alike: listed, added, read, replaced, deleted.
 * The summaries and refusals are each operation's own.
 */
type MerchKind<I, S, R> = {
  path: "/bundles" | "/collections";
  /** The record as the answers name it: "bundle", "collection". */
  one: string;
  input: z.ZodType<I>;
  answer: z.ZodType;
  list: z.ZodType;
  notFound: string;
  summaries: { list: string; create: string; read: string; update: string; delete: string };
  refusals: { update?: Record<422, string>; delete?: Record<422, string> };
  listBody: (records: S[]) => object;
  body: (record: R) => object;
  listRecords: (db: Database, storeId: string) => Promise<S[]>;
  getRecord: (db: Database, storeId: string, id: number) => Promise<R>;
  create: (db: Database, actor: AuditActor, input: I) => Promise<R>;
  update: (db: Database, actor: AuditActor, id: number, input: I) => Promise<R>;
  remove: (db: Database, actor: AuditActor, id: number, links?: LinksChoice) => Promise<void>;
};

const idOf = numberParam(merchandisingIdParamsSchema, "id");

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

const BUNDLES: MerchKind<BundleInput, BundleSummary, BundleRecord> = {
  path: "/bundles",
  one: "bundle",
  input: bundleInputSchema,
  answer: bundleAnswerSchema,
  list: bundleListSchema,
  notFound: BUNDLE_NOT_FOUND,
  summaries: {
    list: "The store's bundles, by title",
    create: "Create a bundle: its products in order, the variants each offers with their quantity, price and standalone flag",
    read: "A bundle as the editor shows it",
    update: "Replace a bundle with the one sent; its pictures may be reordered or left out, new ones are uploaded",
    delete: "Delete a bundle; carts holding it drop it when they next load, orders keep their copy; links to it go or stay as `links` says",
  },
  refusals: {},
  listBody: (found) => ({
    bundles: found.map((bundle) => ({
      id: bundle.id,
      handle: bundle.handle,
      title: bundle.title,
      price_cents: bundle.priceCents,
      is_standalone: bundle.isStandalone,
      product_count: bundle.productCount,
      image_url: bundle.imageUrl,
    })),
  }),
  body: bundleBody,
  listRecords: listBundles,
  getRecord: getBundleRecord,
  create: createBundle,
  update: updateBundle,
  remove: deleteBundle,
};

const COLLECTIONS: MerchKind<CollectionInput, CollectionSummary, CollectionRecord> = {
  path: "/collections",
  one: "collection",
  input: collectionInputSchema,
  answer: collectionAnswerSchema,
  list: collectionListSchema,
  notFound: COLLECTION_NOT_FOUND,
  summaries: {
    list: "The store's collections, by title, with which one is featured and which are in the navigation",
    create: "Create a collection: its products and bundles in the shop's order, featured on the home page, linked in the navigation",
    read: "A collection with its products and bundles in order",
    update: "Replace a collection with the one sent; featuring it unfeatures the one before",
    delete: "Delete a collection (never all_products); its links in the menu and footer go or stay as `links` says",
  },
  refusals: { update: { 422: "all_products keeps its handle" }, delete: { 422: "all_products cannot be deleted" } },
  listBody: (found) => ({
    collections: found.map((collection) => ({
      id: collection.id,
      handle: collection.handle,
      title: collection.title,
      featured: collection.featured,
      in_navigation: collection.inNavigation,
      product_count: collection.productCount,
      bundle_count: collection.bundleCount,
    })),
  }),
  body: collectionBody,
  listRecords: listCollections,
  getRecord: getCollectionRecord,
  create: createCollection,
  update: updateCollection,
  remove: deleteCollection,
};

const onBundle = resourceOperations("catalogue", {
  path: "/bundles/{id}",
  params: merchandisingIdParamsSchema,
  notFound: BUNDLE_NOT_FOUND,
  answer: json(bundleAnswerSchema, "The bundle"),
});

const uploadBundlePicturesOperation = onBundle.post({
  path: "/pictures",
  summary: "Upload pictures (JPEG, PNG, WebP, AVIF; 20 MB each), added after the bundle's others",
  description:
    "A multipart form with `file` once per picture. Each picture is read by its content, not its name, and stored " +
    "without EXIF with the storefront's renditions. All or none: one refused picture stores none of them. To reorder " +
    "or remove pictures, PUT the bundle with the image_urls it keeps.",
  body: formBody(bundlePictureUploadSchema),
  answers: { 201: json(bundleAnswerSchema, "The bundle, the new pictures last"), ...pictureRefusals("A picture over 20 MB, or more than 10 pictures") },
  refusals: { 400: `${BAD_INPUT}; or no picture sent` },
});

function registerMerchKind<I, S, R>(routes: OpenAPIHono<AppEnv>, kind: MerchKind<I, S, R>) {
  const { path, one, summaries, refusals } = kind;
  const all = resourceOperations("catalogue", { path, answer: json(kind.list, `Every ${one}`) });
  const oneRecord = resourceOperations("catalogue", { path: `${path}/{id}`, params: merchandisingIdParamsSchema, notFound: kind.notFound, answer: json(kind.answer, `The ${one}`) });

  const list = all.get({ summary: summaries.list });
  const create = all.post({ summary: summaries.create, body: jsonBody(kind.input), answers: { 201: json(kind.answer, `The ${one}`) }, refusals: { 409: HANDLE_TAKEN } });
  const read = oneRecord.get({ summary: summaries.read });
  const update = oneRecord.put({ summary: summaries.update, body: jsonBody(kind.input), refusals: { 409: HANDLE_TAKEN, ...refusals.update } });
  const remove = oneRecord.delete({ summary: summaries.delete, ...LINKED_REMOVAL, refusals: { ...LINKED_REMOVAL.refusals, ...refusals.delete } });

  register(routes, list, async (c) => c.json(kind.listBody(await kind.listRecords(c.var.deps.db, c.var.deps.storeId))));
  register(routes, create, async (c) => {
    const input = await bodyOf(c, create);
    return c.json(kind.body(await kind.create(c.var.deps.db, c.var.staffActor, input)), 201);
  });
  register(routes, read, async (c) => c.json(kind.body(await kind.getRecord(c.var.deps.db, c.var.deps.storeId, idOf(c)))));
  register(routes, update, async (c) => {
    const id = idOf(c);
    const input = await bodyOf(c, update);
    return c.json(kind.body(await kind.update(c.var.deps.db, c.var.staffActor, id, input)));
  });
  register(routes, remove, async (c) => {
    await kind.remove(c.var.deps.db, c.var.staffActor, idOf(c), queryOf(c, remove).links);
    return c.json({ success: true as const });
  });
}

export function adminMerchandisingRoutes() {
  const routes = new OpenAPIHono<AppEnv>();
  registerMerchKind(routes, BUNDLES);
  register(routes, uploadBundlePicturesOperation, async (c) => {
    const id = idOf(c);
    const { files } = await uploadOf(c, "pictures");
    return c.json(bundleBody(await uploadBundlePictures(c.var.deps, c.var.staffActor, id, files)), 201);
  });
  registerMerchKind(routes, COLLECTIONS);
  return routes;
}
