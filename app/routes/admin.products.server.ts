export { listAdminProducts } from "../../server/catalog/product-editor";
export { readList, requireStaffPage } from "./admin.server";
