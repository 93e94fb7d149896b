export { listAdminProducts } from "../../server/catalog/product-editor";
export { HttpError, requireStaffPage } from "./admin.server";
