import type { RouteConfigEntry } from "@react-router/dev/routes";

/** The back office's imports screens, inside the admin layout (app/routes.ts). */
export const importsRoutes: RouteConfigEntry[] = [];
