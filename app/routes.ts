import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { contentRoutes } from "./admin-routes/content";
import { discountsRoutes } from "./admin-routes/discounts";
import { importsRoutes } from "./admin-routes/imports";
import { inventoryRoutes } from "./admin-routes/inventory";
import { merchandisingRoutes } from "./admin-routes/merchandising";
import { picturesRoutes } from "./admin-routes/pictures";
import { productsRoutes } from "./admin-routes/products";
import { settingsRoutes } from "./admin-routes/settings";
import { inboxRoutes } from "./admin-routes/inbox";
import { reportsRoutes } from "./admin-routes/reports";

/** The route table (docs/product.md, Screens and routes). Any other address answers 404. */
export default [
  index("routes/home.tsx"),
  route("search", "routes/search.tsx", { id: "search" }),
  route("search/:query", "routes/search.tsx", { id: "search-query" }),
  route("shop", "routes/search.tsx", { id: "shop" }),
  route("products/:productId", "routes/products.$productId.tsx"),
  route("bundles/:bundleId", "routes/bundles.$bundleId.tsx"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("verified_review_submission", "routes/verified-review-submission.tsx"),
  route("pages/:pageName", "routes/static-page.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/:blogId", "routes/blog-post.tsx"),
  route("contact", "routes/contact.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
  route("back-in-stock", "routes/back-in-stock.tsx"),
  route("back-in-stock/confirm", "routes/back-in-stock-confirm.tsx"),
  route("back-in-stock/unsubscribe", "routes/back-in-stock-unsubscribe.tsx"),
  ...prefix("admin", [
    route("setup", "routes/admin.setup.tsx"),
    route("login", "routes/admin.login.tsx"),
    route("forgot-password", "routes/admin.forgot-password.tsx"),
    route("reset-password", "routes/admin.reset-password.tsx"),
    route("logout", "routes/admin.logout.tsx"),
    // Paper, not a screen: outside the back office's layout, so nothing of its navigation is printed.
    route("orders/slips", "routes/admin.orders.slips.tsx"),
    // Files, not screens: an order's invoice and credit notes.
    route("orders/:number/documents/:file", "routes/admin.orders.$number.documents.ts"),
    layout("routes/admin.tsx", [
      index("routes/admin._index.tsx"),
      route("staff", "routes/admin.staff.tsx"),
      route("tokens", "routes/admin.tokens.tsx"),
      route("orders", "routes/admin.orders.tsx"),
      route("orders/:number", "routes/admin.orders.$number.tsx"),
      route("orders/:number/edit", "routes/admin.orders.$number.edit.tsx"),
      route("drafts", "routes/admin.drafts.tsx"),
      route("drafts/new", "routes/admin.drafts.new.tsx"),
      route("drafts/:id", "routes/admin.drafts.$id.tsx"),
      route("orders/:number/payment", "routes/admin.orders.$number.payment.tsx"),
      route("orders/:number/returns", "routes/admin.orders.$number.returns.tsx"),
      route("returns", "routes/admin.returns.tsx"),
      route("subscriptions", "routes/admin.subscriptions.tsx"),
      route("subscriptions/:id", "routes/admin.subscriptions.$id.tsx"),
      route("customers", "routes/admin.customers.tsx"),
      route("customers/:id", "routes/admin.customers.$id.tsx"),
      route("audit", "routes/admin.audit.tsx"),
      route("analytics", "routes/admin-analytics.tsx"),
      route("account", "routes/admin.account.tsx"),
      route("search", "routes/admin.search.tsx"),
      // The catalogue's screens, each area's list beside its code; the static ones (products/import, products/bulk)
      // outrank products/:id whatever their order.
      ...productsRoutes,
      ...picturesRoutes,
      ...inventoryRoutes,
      ...importsRoutes,
      ...merchandisingRoutes,
      ...discountsRoutes,
      ...contentRoutes,
      ...settingsRoutes,
      ...inboxRoutes,
      ...reportsRoutes,
    ]),
  ]),
  route("login", "routes/login.tsx"),
  route("signup", "routes/signup.tsx"),
  route("profile", "routes/profile.tsx"),
  route("profile/orders/:number", "routes/profile-order.tsx"),
  route("profile/orders/:number/documents/:file", "routes/profile-order-documents.ts"),
  route("profile/subscriptions", "routes/profile-subscriptions.tsx"),
  route("profile/subscriptions/:id", "routes/profile-subscription.tsx"),
  route("subscriptions/manage", "routes/subscriptions-manage.tsx"),
  route("subscriptions/skip", "routes/subscriptions-skip.tsx"),
  route("pay", "routes/pay.tsx"),
  route("wishlist", "routes/wishlist.tsx"),
  route("wishlist/price-emails/stop", "routes/price-emails-stop.tsx"),
  route("orders/lookup", "routes/order-lookup.tsx"),
  route("orders/:number/returns", "routes/order-returns.tsx"),
  route("orders/documents/:file", "routes/order-documents.ts"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("checkout", "routes/checkout.tsx", { id: "checkout" }),
  route("checkout/:sessionId", "routes/checkout.tsx", { id: "checkout-session" }),
  route("checkout-confirmation", "routes/checkout-confirmation.tsx"),
  route("cart/restore", "routes/cart-restore.tsx"),
  route("cart/reminders/stop", "routes/cart-reminders-stop.tsx"),
  route("dev/mailbox", "routes/dev-mailbox.tsx"),
  route("dev/mailbox/:id/attachments/:file", "routes/dev-mailbox-attachment.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
