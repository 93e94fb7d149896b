import type { RouteConfigEntry } from "@react-router/dev/routes";

/** The back office's merchandising screens, inside the admin layout (app/routes.ts). */
export const merchandisingRoutes: RouteConfigEntry[] = [];
