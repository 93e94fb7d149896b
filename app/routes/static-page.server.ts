export { getStaticPage } from "../../server/content/pages";
export { PREVIEW_HEADERS, publishedOrPreview } from "../../server/content/content-preview";
export { logger } from "../../server/logger";
