export { shopTimeZone } from "./admin.server";
export { listDeskOrders, orderFilterOf, type DeskStatus, type OrderFilter } from "../../server/orders/desk";
export { readList, requireStaffPage } from "./admin.server";
