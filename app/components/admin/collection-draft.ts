/**
 * The collection form's values as the page holds them. Reading a post, its steps and the input it makes are the
 * server's (routes/admin.collections.form.server.ts), so the schemas stay out of the pages' scripts.
 */

export type CollectionDraft = {
  title: string;
  handle: string;
  featured: boolean;
  inNavigation: boolean;
  /** In the shop's order. */
  productIds: number[];
  bundleIds: number[];
};

export const COLLECTION_FIELDS = ["title", "handle", "featured", "in_navigation", "product_ids", "bundle_ids", "add_product", "add_bundle"] as const;

export function emptyCollectionDraft(): CollectionDraft {
  return { title: "", handle: "", featured: false, inNavigation: false, productIds: [], bundleIds: [] };
}

export function draftOfCollection(collection: {
  title: string;
  handle: string;
  featured: boolean;
  inNavigation: boolean;
  products: { id: number }[];
  bundles: { id: number }[];
}): CollectionDraft {
  return {
    title: collection.title,
    handle: collection.handle,
    featured: collection.featured,
    inNavigation: collection.inNavigation,
    productIds: collection.products.map((product) => product.id),
    bundleIds: collection.bundles.map((bundle) => bundle.id),
  };
}

