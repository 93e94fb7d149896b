export { lowStockVariants, ordersToShipCount, salesFigures } from "../../server/orders/dashboard";
export { listReviews } from "../../server/reviews/reviews";
export { listFailedJobs } from "../../server/jobs/queue";
export { newestContactMessages } from "../../server/content/contact";
export { ACCOUNT_PATH, requireStaffPage } from "./admin.server";
