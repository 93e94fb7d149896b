import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/**
 * The reports, inside the admin layout (app/routes.ts): their index, each by its name (core/reports.ts), and the tax
 * report, which answers in its own shape (decision 0063) and outranks the named ones as a static route.
 */
export const reportsRoutes: RouteConfigEntry[] = [
  route("reports", "routes/admin.reports.tsx"),
  route("reports/tax", "routes/admin.reports.tax.tsx"),
  route("reports/:name", "routes/admin.reports.$name.tsx"),
];
