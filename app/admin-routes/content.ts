import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/**
 * The back office's blog post and static page screens, inside the admin layout (app/routes.ts): one module per screen
 * serves both kinds, each reading its kind from the address (components/admin/content-draft.ts contentKindAt).
 */
export const contentRoutes: RouteConfigEntry[] = [
  route("posts", "routes/admin.content.tsx", { id: "admin-posts" }),
  route("posts/new", "routes/admin.content.new.tsx", { id: "admin-posts-new" }),
  route("posts/:id", "routes/admin.content.$id.tsx", { id: "admin-post" }),
  route("pages", "routes/admin.content.tsx", { id: "admin-pages" }),
  route("pages/new", "routes/admin.content.new.tsx", { id: "admin-pages-new" }),
  route("pages/:id", "routes/admin.content.$id.tsx", { id: "admin-page" }),
];
