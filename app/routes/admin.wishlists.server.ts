export { wishedForProducts } from "../../server/wishlist/wishlist";
export { requireStaffPage } from "./admin.server";
