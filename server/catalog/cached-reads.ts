/**
 * What shop pages and the catalogue API read, through the content cache: each read has one key here, so a page and
 * the API asking the same thing share one load per content version.
 */
import type { Product } from "../../core/schemas/catalog";
import type { AppDeps } from "../context";
import { getPopupDiscount } from "../newsletter/welcome";
import { getStoreSettings } from "../store/settings";
import { getBundleDetail } from "./bundles";
import { getCollectionTitle, getFeaturedCollection } from "./collections";
import { cleanDescriptionHtml } from "./description-html";
import { descriptionText } from "./description-text";
import { getProductByHandle, listAllProducts, movedProductHandle, productCard } from "./products";
import { listRecentReviews, listTestimonials } from "./reviews";
import { searchStore } from "./search";

type Reader = Pick<AppDeps, "db" | "contentCache">;

export const cachedStoreSettings = ({ db, contentCache }: Reader, storeId: string) =>
  contentCache.get(`settings:${storeId}`, () => getStoreSettings(db, storeId));

const cachedAllProducts = ({ db, contentCache }: Reader, storeId: string) =>
  contentCache.get(`products:${storeId}`, () => listAllProducts(db, storeId));

export const cachedProductCards = (reader: Reader, storeId: string) =>
  reader.contentCache.get(`product-cards:${storeId}`, async () => (await cachedAllProducts(reader, storeId)).map(productCard));

/**
 * A product as its page shows it: the description cleaned once more (it was cleaned on save; a row written some
 * other way must not reach the page as it is) and its words without markup for the page's meta description.
 */
export const cachedProductPage = ({ db, contentCache }: Reader, storeId: string, handle: string) =>
  contentCache.get(`product-page:${storeId}:${handle}`, async () => {
    const product = await getProductByHandle(db, storeId, handle);
    // A product found by an earlier handle is its page's business: it answers with a redirect, not the product.
    return product && product.id === handle ? productPage(product) : null;
  });

export function productPage(product: Product): { product: Product; descriptionText: string } {
  const description = cleanDescriptionHtml(product.product_description);
  return { product: { ...product, product_description: description }, descriptionText: descriptionText(description) };
}

/** Where an earlier handle of a product on sale now leads (the product's current handle), or null. */
export const cachedMovedHandle = ({ db, contentCache }: Reader, storeId: string, handle: string) =>
  contentCache.get(`moved-handle:${storeId}:${handle}`, () => movedProductHandle(db, storeId, handle));

export const cachedBundleDetail = ({ db, contentCache }: Reader, storeId: string, handle: string) =>
  contentCache.get(`bundle:${storeId}:${handle}`, () => getBundleDetail(db, storeId, handle));

export const cachedSearch = ({ db, contentCache }: Reader, storeId: string, query: string, type: string) =>
  contentCache.get(`search:${storeId}:${type}:${query}`, () => searchStore(db, storeId, query, type));

export const cachedCollectionTitle = ({ db, contentCache }: Reader, storeId: string, handle: string) =>
  contentCache.get(`collection-title:${storeId}:${handle}`, () => getCollectionTitle(db, storeId, handle));

export const cachedFeaturedCollection = ({ db, contentCache }: Reader, storeId: string) =>
  contentCache.get(`featured:${storeId}`, () => getFeaturedCollection(db, storeId));

export const cachedRecentReviews = ({ db, contentCache }: Reader, storeId: string) =>
  contentCache.get(`recent-reviews:${storeId}`, () => listRecentReviews(db, storeId));

export const cachedTestimonials = ({ db, contentCache }: Reader, storeId: string) =>
  contentCache.get(`testimonials:${storeId}`, () => listTestimonials(db, storeId));

export const cachedPopupDiscount = ({ db, contentCache }: Reader, storeId: string) =>
  contentCache.get(`popup-discount:${storeId}`, () => getPopupDiscount(db, storeId));
