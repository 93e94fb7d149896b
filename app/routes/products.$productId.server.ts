export { cachedMovedHandle, cachedOtherProducts, cachedProductPage } from "../../server/catalog/cached-reads";
export { PREVIEW_HEADERS, staffProductPreview } from "../../server/catalog/staff-preview";
