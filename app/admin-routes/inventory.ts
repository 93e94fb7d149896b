import type { RouteConfigEntry } from "@react-router/dev/routes";

/** The back office's inventory screens, inside the admin layout (app/routes.ts). */
export const inventoryRoutes: RouteConfigEntry[] = [];
