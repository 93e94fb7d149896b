export { sitemapEntries, sitemapXml } from "../../server/catalog/sitemap";
