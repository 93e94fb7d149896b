/**
 * What shop pages and the catalogue API read, through the content cache: each read has one key here, so a page and
 * the API asking the same thing share one load per content version.
 */
import { SHOP_PAGE_SIZE, type Product } from "../../core/schemas/catalog";
import type { AppDeps } from "../context";
import { getPopupDiscount } from "../newsletter/welcome";
import { getStoreSettings } from "../store/settings";
import { getBundleDetail } from "./bundles";
import { getCollectionTitle, getFeaturedCollection } from "./collections";
import { cleanDescriptionHtml } from "./description-html";
import { descriptionText } from "./description-text";
import { loadListingPage, type PageWindow } from "./listing";
import { getProductByHandle, movedProductHandle, otherProducts, productCard, productsOnSale } from "./products";
import { listRecentReviews, listTestimonials } from "./reviews";
import { searchEntries } from "./search";

type Reader = Pick<AppDeps, "db" | "contentCache">;

/** Two rows of four cards beside a product. */
const OTHER_PRODUCTS = 8;

export const cachedStoreSettings = ({ db, contentCache }: Reader, storeId: string) =>
  contentCache.get(`settings:${storeId}`, () => getStoreSettings(db, storeId));

/** The home page's products: the first page of those on sale, and how many there are in all. */
export const cachedProductCards = ({ db, contentCache }: Reader, storeId: string) =>
  contentCache.get(`product-cards:${storeId}`, async () => {
    const { products, total } = await productsOnSale(db, storeId, { offset: 0, limit: SHOP_PAGE_SIZE });
    return { cards: products.map(productCard), total };
  });

/** What a product's page offers beside it: a bounded set, its collections' products first. */
export const cachedOtherProducts = ({ db, contentCache }: Reader, storeId: string, handle: string) =>
  contentCache.get(`other-products:${storeId}:${handle}`, async () =>
    (await otherProducts(db, storeId, handle, OTHER_PRODUCTS)).map(productCard),
  );

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

const cachedSearchEntries = ({ db, contentCache }: Reader, storeId: string, query: string, type: string) =>
  contentCache.get(`search:${storeId}:${type}:${query}`, () => searchEntries(db, storeId, query, type));

/** A page of a keyword search or a collection: the listing's order is read once, each page loaded when asked. */
export const cachedSearch = (reader: Reader, storeId: string, query: string, type: string, window: PageWindow) =>
  reader.contentCache.get(`search-page:${storeId}:${type}:${query}:${window.offset}:${window.limit}`, async () =>
    loadListingPage(reader.db, storeId, await cachedSearchEntries(reader, storeId, query, type), window),
  );

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
