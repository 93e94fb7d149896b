export { listDeskOrders, orderFilterOf, type DeskStatus, type OrderFilter } from "../../server/orders/desk";
export { HttpError, requireStaffPage } from "./admin.server";
