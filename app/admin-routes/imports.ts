import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** The back office's imports screens, inside the admin layout (app/routes.ts). */
export const importsRoutes: RouteConfigEntry[] = [
  route("products/import", "routes/admin.products.import.tsx"),
  route("products/import/:id", "routes/admin.products.import.$id.tsx"),
];
