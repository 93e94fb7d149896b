export { getStaticPage } from "../../server/content/pages";
export { PREVIEW_HEADERS, staffStaticPagePreview } from "../../server/content/content-preview";
export { logger } from "../../server/logger";
