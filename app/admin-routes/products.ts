import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** The back office's products screens, inside the admin layout (app/routes.ts). */
export const productsRoutes: RouteConfigEntry[] = [
  route("products", "routes/admin.products.tsx"),
  route("products/new", "routes/admin.products.new.tsx"),
  route("products/:id", "routes/admin.products.$id.tsx"),
];
