export { applyCheckedImport, getCatalogueImport, settledWithin, summaryOf } from "../../server/catalog/import-jobs";
export { formFailure, foundOrNotFound, requireStaffPage } from "./admin.server";
