export { adjustStockFromForm, HttpError, inventoryItem, requireStaffPage, stockHistory } from "./admin.inventory.server";
