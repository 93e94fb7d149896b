/**
 * The bundle form's values as the page holds them: what the owner typed, kept as typed, so a refused form comes back
 * as it was sent. Reading a post, its steps and the input it makes are the server's (routes/admin.bundles.form.server.ts), so the
 * schemas stay out of the pages' scripts.
 */

export type BundleDraft = {
  title: string;
  handle: string;
  description: string;
  /** Dollars, as typed. */
  price: string;
  isStandalone: boolean;
  products: { productId: number; quantity: string; skus: string[] }[];
  imageUrls: string[];
};

export const BUNDLE_FIELDS = ["title", "handle", "description", "price", "is_standalone", "products", "image_urls", "add_product", "file"] as const;

export function emptyBundleDraft(): BundleDraft {
  return { title: "", handle: "", description: "", price: "", isStandalone: false, products: [], imageUrls: [] };
}

export function draftOfBundle(bundle: {
  title: string;
  handle: string;
  description: string;
  priceCents: number;
  isStandalone: boolean;
  products: { productId: number; quantity: number; skus: string[] }[];
  imageUrls: string[];
}): BundleDraft {
  return {
    title: bundle.title,
    handle: bundle.handle,
    description: bundle.description,
    price: (bundle.priceCents / 100).toFixed(2),
    isStandalone: bundle.isStandalone,
    products: bundle.products.map((product) => ({ productId: product.productId, quantity: String(product.quantity), skus: product.skus })),
    imageUrls: bundle.imageUrls,
  };
}

