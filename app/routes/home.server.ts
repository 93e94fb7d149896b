export { shownHomeSections } from "@core/home-sections";
export {
  cachedFeaturedCollection,
  cachedPopupDiscount,
  cachedProductCards,
  cachedRecentReviews,
  cachedStoreSettings,
  cachedTestimonials,
} from "../../server/catalog/cached-reads";
export { withProductCards } from "../../server/catalog/products";
