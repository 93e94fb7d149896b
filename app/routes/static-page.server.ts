export { getStaticPage } from "../../server/content/pages";
export { logger } from "../../server/logger";
