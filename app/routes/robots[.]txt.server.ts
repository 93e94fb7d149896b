export { robotsTxt } from "../../server/catalog/sitemap";
