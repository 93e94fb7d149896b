export { CANCELLATION_DAYS, deliveryPlan, listSubscriptions, PLAN_DAYS, subscriptionFigures } from "../../server/subscriptions/desk";
export { readList, requireStaffPage } from "./admin.server";
