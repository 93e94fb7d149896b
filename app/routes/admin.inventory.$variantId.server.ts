export { adjustStockFromForm, inventoryItem, requireStaffPage, stockHistory } from "./admin.inventory.server";
export { foundOrNotFound } from "./admin.server";
