import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** The back office's inventory screens, inside the admin layout (app/routes.ts). */
export const inventoryRoutes: RouteConfigEntry[] = [
  route("inventory", "routes/admin.inventory.tsx"),
  route("inventory/:variantId", "routes/admin.inventory.$variantId.tsx"),
  route("products/bulk", "routes/admin.products.bulk.tsx"),
];
