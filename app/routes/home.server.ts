export {
  cachedFeaturedCollection,
  cachedPopupDiscount,
  cachedProductCards,
  cachedRecentReviews,
  cachedTestimonials,
} from "../../server/catalog/cached-reads";
export { withProductCards } from "../../server/catalog/products";
