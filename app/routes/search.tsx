/**
 * The listing screen of /search, /search/:query and /shop (docs/product.md, Search results page): keyword search or a
 * collection, rendered on the server so the results are in the page's HTML.
 */
import { useEffect } from "react";
import { data, useLocation, useNavigation } from "react-router";
import { ALL_PRODUCTS, isListingPath, listingHeading, listingOf, listingPath } from "@core/navigation";
import { ProductGrid, SkeletonGrid } from "~/components/product/product-grid";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import { trackSearchResults } from "~/state/analytics";
import { cachedCollectionTitle, cachedSearch, isAnswerable, statusOf, withProductCards } from "./search.server";
import type { Route } from "./+types/search";

const listingSize = (result: { formattedProductData: unknown[]; formattedBundleData: unknown[] }) =>
  result.formattedProductData.length + result.formattedBundleData.length;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { query, type } = listingOf(new URL(request.url));
  const page = { query, type, origin: context.config.publicUrl };
  try {
    const [result, collectionTitle] = await Promise.all([
      cachedSearch(context, context.storeId, query, type),
      // A collection's own name heads and titles its page (decision 0018).
      type === "collection-search" ? cachedCollectionTitle(context, context.storeId, query.trim()) : null,
    ]);
    return { ...page, collectionTitle, result: withProductCards(result), error: null };
  } catch (error) {
    if (!isAnswerable(error)) throw error;
    return data({ ...page, collectionTitle: null, result: null, error: error.message }, { status: statusOf(error) });
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const siteName = matches[0]?.loaderData?.settings.websiteTitle ?? "Shop";
  if (!loaderData) return [{ title: siteName }];
  const { query, collectionTitle } = loaderData;
  const isSearch = loaderData.type === "search";
  const heading = listingHeading(loaderData, collectionTitle);
  const tags = pageMeta({
    title: `${heading} | ${siteName}`,
    description:
      !isSearch && query === ALL_PRODUCTS
        ? `Every product and bundle at ${siteName}.`
        : collectionTitle
          ? `${collectionTitle} at ${siteName}: every product and bundle in the collection.`
          : `Products and bundles at ${siteName} matching "${query}".`,
    url: absoluteUrl(loaderData.origin, listingPath(loaderData)),
    siteName,
  });
  // A listing that found nothing is a thin page (a soft 404), and keeping it out of the index leaves nothing to gain
  // from links to made-up searches; see decision 0016.
  const empty = !loaderData.result || listingSize(loaderData.result) === 0;
  return empty ? [...tags, { name: "robots", content: "noindex, follow" }] : tags;
}

export default function SearchResults({ loaderData }: Route.ComponentProps) {
  const { query, type, result, error, collectionTitle } = loaderData;
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
      trackSearchResults(query, listingSize(result));
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
        <ProductGrid
          products={result.formattedProductData}
          bundles={result.formattedBundleData}
          label={heading}
          eagerCount={4}
          cardHeading="h2"
        />
      )}
    </div>
  );
}
