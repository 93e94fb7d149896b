import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** The reports, inside the admin layout (app/routes.ts): their index, and each by its name (core/reports.ts). */
export const reportsRoutes: RouteConfigEntry[] = [route("reports", "routes/admin.reports.tsx"), route("reports/:name", "routes/admin.reports.$name.tsx")];
