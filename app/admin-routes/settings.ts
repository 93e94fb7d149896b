import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** The back office's store settings screens, inside the admin layout (app/routes.ts): rules and looks. */
export const settingsRoutes: RouteConfigEntry[] = [
  route("settings", "routes/admin.settings.tsx"),
  route("settings/demo", "routes/admin.settings.demo.tsx"),
  route("shipping", "routes/admin.shipping.tsx"),
  route("taxes", "routes/admin.taxes.tsx"),
  route("theme", "routes/admin.theme.tsx"),
  route("theme/preview", "routes/admin.theme-preview.ts"),
  route("navigation", "routes/admin.navigation.tsx"),
  route("navigation/links", "routes/admin.navigation-links.ts"),
  route("home", "routes/admin.home.tsx"),
];
