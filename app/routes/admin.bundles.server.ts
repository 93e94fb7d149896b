export { listBundles } from "../../server/catalog/bundle-editor";
export { requireStaffPage } from "./admin.server";
