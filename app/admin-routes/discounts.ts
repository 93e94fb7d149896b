import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** The back office's discount screens, inside the admin layout (app/routes.ts): codes and the welcome offer. */
export const discountsRoutes: RouteConfigEntry[] = [
  route("discounts", "routes/admin.discounts.tsx"),
  route("discounts/new", "routes/admin.discounts.new.tsx"),
  route("discounts/:id", "routes/admin.discounts.$id.tsx"),
];
