export { csvTextOf, listCatalogueImports, queueCatalogueImport, settledWithin } from "../../server/catalog/import-jobs";
export { formFailure, HttpError, requireStaffPage } from "./admin.server";
