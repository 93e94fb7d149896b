export { sitemapEntries, sitemapFile } from "../../server/catalog/sitemap";
