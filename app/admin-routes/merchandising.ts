import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** The back office's merchandising screens, inside the admin layout (app/routes.ts): bundles, collections and what shoppers wish for. */
export const merchandisingRoutes: RouteConfigEntry[] = [
  route("bundles", "routes/admin.bundles.tsx"),
  route("bundles/new", "routes/admin.bundles.new.tsx"),
  route("bundles/:id", "routes/admin.bundles.$id.tsx"),
  route("bundles/:id/pictures", "routes/admin.bundles.$id.pictures.tsx"),
  route("collections", "routes/admin.collections.tsx"),
  route("collections/new", "routes/admin.collections.new.tsx"),
  route("collections/:id", "routes/admin.collections.$id.tsx"),
  route("wishlists", "routes/admin.wishlists.tsx"),
];
