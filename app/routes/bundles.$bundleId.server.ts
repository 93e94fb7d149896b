export { cachedBundleDetail } from "../../server/catalog/cached-reads";
