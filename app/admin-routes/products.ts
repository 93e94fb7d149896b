import type { RouteConfigEntry } from "@react-router/dev/routes";

/** The back office's products screens, inside the admin layout (app/routes.ts). */
export const productsRoutes: RouteConfigEntry[] = [];
