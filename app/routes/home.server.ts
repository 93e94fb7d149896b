import type { AppLoadContext } from "react-router";
import { shownHomeSections } from "@core/home-sections";
import { deferred } from "~/lib/promises";
import {
  cachedFeaturedCollection,
  cachedPopupDiscount,
  cachedProductCards,
  cachedProductPage,
  cachedRecentReviews,
  cachedStoreSettings,
  cachedTestimonials,
} from "../../server/catalog/cached-reads";
import { productCard, withProductCards } from "../../server/catalog/products";

/** The home page's loader data: server reads only, so they are made here rather than re-exported one by one to the route. */
export async function homePage(context: AppLoadContext) {
  const { storeId } = context;
  // The featured carousel sits below the fold: it streams in after the page, behind its three skeletons.
  const featured = deferred(cachedFeaturedCollection(context, storeId).then(withProductCards));
  const settingsRead = cachedStoreSettings(context, storeId);
  // The banner's product need not be among the first page of products the home page lists: read beside the others.
  const bannerRead = settingsRead.then(({ siteContent: { bannerProductHandle } }) =>
    bannerProductHandle ? cachedProductPage(context, storeId, bannerProductHandle) : null,
  );
  const [settings, { cards: products, total: productCount }, reviews, testimonials, popup, bannerPage] = await Promise.all([
    settingsRead,
    cachedProductCards(context, storeId),
    cachedRecentReviews(context, storeId),
    cachedTestimonials(context, storeId),
    // The spec's home fetches the popup discount: the same offer the welcome popup makes.
    cachedPopupDiscount(context, storeId),
    bannerRead,
  ]);
  const popupPercentage = popup?.discount_popup_percentage ?? 0;
  const bannerProduct = bannerPage ? productCard(bannerPage.product) : null;
  // The owner's order (/admin/home), worked out here so the page's bundle carries no settings code.
  const sections = shownHomeSections(settings.homeSections);
  return { sections, products, productCount, bannerProduct, reviews, testimonials, featured, popupPercentage, origin: context.config.publicUrl };
}
