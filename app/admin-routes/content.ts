import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** The back office's blog post and static page screens, inside the admin layout (app/routes.ts). */
export const contentRoutes: RouteConfigEntry[] = [
  route("posts", "routes/admin.posts.tsx"),
  route("posts/new", "routes/admin.posts.new.tsx"),
  route("posts/:id", "routes/admin.posts.$id.tsx"),
  route("pages", "routes/admin.pages.tsx"),
  route("pages/new", "routes/admin.pages.new.tsx"),
  route("pages/:id", "routes/admin.pages.$id.tsx"),
];
