import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** The back office's pictures screens, inside the admin layout (app/routes.ts). */
export const picturesRoutes: RouteConfigEntry[] = [route("products/:id/pictures", "routes/admin.products.$id.pictures.tsx")];
