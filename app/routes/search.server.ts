export { cachedCollectionTitle, cachedSearch } from "../../server/catalog/cached-reads";
export { withProductCards } from "../../server/catalog/products";
export { HttpError } from "../../server/http/errors";
