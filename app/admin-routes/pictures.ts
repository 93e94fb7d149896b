import type { RouteConfigEntry } from "@react-router/dev/routes";

/** The back office's pictures screens, inside the admin layout (app/routes.ts). */
export const picturesRoutes: RouteConfigEntry[] = [];
