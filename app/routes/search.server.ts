export { cachedCollectionTitle, cachedSearch } from "../../server/catalog/cached-reads";
export { withProductCards } from "../../server/catalog/products";
export { isAnswerable, statusOf } from "../../server/http/errors";
