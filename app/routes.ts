import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The spec's route table (section 2). Screens of capabilities not built yet are absent and answer 404. */
export default [
  index("routes/home.tsx"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("search", "routes/search.tsx", { id: "search" }),
  route("search/:query", "routes/search.tsx", { id: "search-query" }),
  route("shop", "routes/search.tsx", { id: "shop" }),
  route("products/:productId", "routes/products.$productId.tsx"),
  route("bundles/:bundleId", "routes/bundles.$bundleId.tsx"),
  route("verified_review_submission", "routes/verified-review-submission.tsx"),
  route("pages/:pageName", "routes/static-page.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/:blogId", "routes/blog-post.tsx"),
  route("contact", "routes/contact.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
  route("admin/analytics", "routes/admin-analytics.tsx"),
  route("login", "routes/login.tsx"),
  route("signup", "routes/signup.tsx"),
  route("profile", "routes/profile.tsx"),
  route("profile/orders/:number", "routes/profile-order.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
