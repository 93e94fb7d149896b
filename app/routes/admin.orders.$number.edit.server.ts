export { applyEdit, editScreen, previewEdit } from "../../server/order-edits/edits";
export { listInventory } from "../../server/catalog/stock";
export { formFailure, foundOrNotFound, HttpError, orderNumberOf, requireStaffPage } from "./admin.server";
