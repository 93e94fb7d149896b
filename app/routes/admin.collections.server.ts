export { listCollections } from "../../server/catalog/collection-editor";
export { requireStaffPage } from "./admin.server";
