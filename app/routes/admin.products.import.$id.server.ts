export { applyCheckedImport, getCatalogueImport, settledWithin, summaryOf } from "../../server/catalog/import-jobs";
export { formFailure, HttpError, requireStaffPage } from "./admin.server";
