/**
 * The listing screen of /search, /search/:query and /shop (docs/product.md, Search results page): keyword search or a
 * collection, rendered on the server so the results are in the page's HTML.
 */
import { useEffect } from "react";
import { data, useLocation, useNavigation } from "react-router";
import { ALL_PRODUCTS, isListingPath, listingHeading, listingOf, listingPageOf, listingPagePath } from "@core/navigation";
import { SHOP_PAGE_SIZE } from "@core/schemas/catalog";
import { Pager } from "~/components/product/pager";
import { ProductGrid, SkeletonGrid } from "~/components/product/product-grid";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import { trackSearchResults } from "~/state/analytics";
import { cachedCollectionTitle, cachedSearch, isAnswerable, statusOf, withProductCards } from "./search.server";
import type { Route } from "./+types/search";

const listingSize = (result: { formattedProductData: unknown[]; formattedBundleData: unknown[] }) =>
  result.formattedProductData.length + result.formattedBundleData.length;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { query, type } = listingOf(url);
  const pageNumber = listingPageOf(url);
  if (pageNumber === null) throw data(null, { status: 404 });
  const page = { query, type, page: pageNumber, origin: context.config.publicUrl };
  try {
    const [result, collectionTitle] = await Promise.all([
      cachedSearch(context, context.storeId, query, type, { offset: (pageNumber - 1) * SHOP_PAGE_SIZE, limit: SHOP_PAGE_SIZE }),
      // A collection's own name heads and titles its page (decision 0018).
      type === "collection-search" ? cachedCollectionTitle(context, context.storeId, query.trim()) : null,
    ]);
    // Past the last page there is nothing to show, and no page to index.
    if (pageNumber > 1 && listingSize(result) === 0) throw data(null, { status: 404 });
    return { ...page, collectionTitle, result: withProductCards(result), pages: Math.ceil(result.total_count / SHOP_PAGE_SIZE), error: null };
  } catch (error) {
    if (!isAnswerable(error)) throw error;
    return data({ ...page, collectionTitle: null, result: null, pages: 0, error: error.message }, { status: statusOf(error) });
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const siteName = matches[0]?.loaderData?.settings.websiteTitle ?? "Shop";
  if (!loaderData) return [{ title: siteName }];
  const { query, collectionTitle, page } = loaderData;
  const isSearch = loaderData.type === "search";
  const heading = listingHeading(loaderData, collectionTitle);
  const tags = pageMeta({
    title: `${heading}${page > 1 ? ` (page ${page})` : ""} | ${siteName}`,
    description:
      !isSearch && query === ALL_PRODUCTS
        ? `Every product and bundle at ${siteName}.`
        : collectionTitle
          ? `${collectionTitle} at ${siteName}: every product and bundle in the collection.`
          : `Products and bundles at ${siteName} matching "${query}".`,
    url: absoluteUrl(loaderData.origin, listingPagePath(loaderData, page)),
    siteName,
  });
  // A listing that found nothing is a thin page (a soft 404), and keeping it out of the index leaves nothing to gain
  // from links to made-up searches; see decision 0016.
  const empty = !loaderData.result || listingSize(loaderData.result) === 0;
  return empty ? [...tags, { name: "robots", content: "noindex, follow" }] : tags;
}

export default function SearchResults({ loaderData }: Route.ComponentProps) {
  const { query, type, result, error, collectionTitle, page, pages } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const loading =
    navigation.state === "loading" &&
    isListingPath(navigation.location.pathname) &&
    navigation.location.pathname + navigation.location.search !== location.pathname + location.search;
  const heading = listingHeading(loaderData, collectionTitle);
  const empty = result !== null && listingSize(result) === 0;

  // Lets the owner's report list searches that found nothing.
  useEffect(() => {
    if (type === "search" && result) {
      trackSearchResults(query, result.total_count);
    }
  }, [type, query, result]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-semibold">{heading}</h1>
      {loading ? (
        <SkeletonGrid count={4} label="Loading products" />
      ) : error !== null ? (
        <p role="alert" className="rounded border border-red-800 bg-card p-4 font-semibold text-red-800">
          Error: {error}
        </p>
      ) : empty || !result ? (
        <div className="rounded-lg bg-card p-8 text-center">
          <h2 className="text-2xl font-semibold">No Results Found</h2>
          <p className="mt-2">Sorry, we couldn&apos;t find any products or bundles matching your search.</p>
        </div>
      ) : (
        <>
          <ProductGrid
            products={result.formattedProductData}
            bundles={result.formattedBundleData}
            label={heading}
            eagerCount={4}
            cardHeading="h2"
          />
          <Pager page={page} pages={pages} href={(to) => listingPagePath(loaderData, to)} />
        </>
      )}
    </div>
  );
}
