import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** The back office's screens for what customers say, inside the admin layout (app/routes.ts): messages, reviews, subscribers. */
export const inboxRoutes: RouteConfigEntry[] = [
  route("messages", "routes/admin.messages.tsx"),
  route("messages/:id", "routes/admin.messages.$id.tsx"),
  route("reviews", "routes/admin.reviews.tsx"),
  route("subscribers", "routes/admin.subscribers.tsx"),
];
