export { cachedProduct, cachedProductCards } from "../../server/catalog/cached-reads";
