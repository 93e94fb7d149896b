/**
 * The back office's screens as the navigation and the home screen list them (what the home screen says of each is
 * admin-screen-summaries.ts, read by its loader: every screen's first load carries this list), each with the permission it needs
 * (core/staff-roles.ts) and its group: a role sees only what the server would let it open, in groups as Shopify's admin
 * has them. Analytics and Reports are their own pages.
 */
import { can, type Permission, type StaffRole } from "@core/staff-roles";

/** The back office's sections, as Shopify's admin groups its screens; Home, Analytics, Reports and Your account stand alone. */
export type AdminGroup = "Sales" | "Catalogue" | "Content" | "Inbox" | "Settings";

export type AdminScreen = {
  label: string;
  to: string;
  /** Absent: every signed-in member has it. */
  permission?: Permission;
  group?: AdminGroup;
};

/** In the navigation's order: a group's screens side by side. */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { label: "Home", to: "/admin" },
  { label: "Analytics", to: "/admin/analytics", permission: "analytics" },
  { label: "Reports", to: "/admin/reports", permission: "reports" },
  { label: "Orders", to: "/admin/orders", permission: "orders", group: "Sales" },
  { label: "Drafts", to: "/admin/drafts", permission: "orders", group: "Sales" },
  { label: "Returns", to: "/admin/returns", permission: "orders", group: "Sales" },
  { label: "Subscriptions", to: "/admin/subscriptions", permission: "orders", group: "Sales" },
  { label: "Customers", to: "/admin/customers", permission: "customers", group: "Sales" },
  { label: "Discounts", to: "/admin/discounts", permission: "discounts", group: "Sales" },
  { label: "Products", to: "/admin/products", permission: "catalogue", group: "Catalogue" },
  { label: "Inventory", to: "/admin/inventory", permission: "catalogue", group: "Catalogue" },
  { label: "Collections", to: "/admin/collections", permission: "catalogue", group: "Catalogue" },
  { label: "Bundles", to: "/admin/bundles", permission: "catalogue", group: "Catalogue" },
  { label: "Wishlists", to: "/admin/wishlists", permission: "catalogue", group: "Catalogue" },
  { label: "Home page", to: "/admin/home", permission: "content", group: "Content" },
  { label: "Blog", to: "/admin/posts", permission: "content", group: "Content" },
  { label: "Pages", to: "/admin/pages", permission: "content", group: "Content" },
  { label: "Navigation", to: "/admin/navigation", permission: "content", group: "Content" },
  { label: "Theme", to: "/admin/theme", permission: "content", group: "Content" },
  { label: "Messages", to: "/admin/messages", permission: "customers", group: "Inbox" },
  { label: "Reviews", to: "/admin/reviews", permission: "reviews", group: "Inbox" },
  { label: "Subscribers", to: "/admin/subscribers", permission: "customers", group: "Inbox" },
  { label: "Store settings", to: "/admin/settings", permission: "settings", group: "Settings" },
  { label: "Shipping", to: "/admin/shipping", permission: "settings", group: "Settings" },
  { label: "Taxes", to: "/admin/taxes", permission: "settings", group: "Settings" },
  { label: "Staff", to: "/admin/staff", permission: "staff", group: "Settings" },
  { label: "API tokens", to: "/admin/tokens", permission: "tokens", group: "Settings" },
  { label: "Audit trail", to: "/admin/audit", permission: "audit", group: "Settings" },
  { label: "Your account", to: "/admin/account" },
];

export function screensFor(role: StaffRole): AdminScreen[] {
  return ADMIN_SCREENS.filter((screen) => screen.permission === undefined || can(role, screen.permission));
}

/** A run of screens under one heading (none for the screens that stand alone). */
export type AdminScreenGroup = { title: AdminGroup | null; screens: AdminScreen[] };

/** The role's screens in their groups; a group the role has no screen of is left out. */
export function screenGroupsFor(role: StaffRole): AdminScreenGroup[] {
  const groups: AdminScreenGroup[] = [];
  for (const screen of screensFor(role)) {
    const title = screen.group ?? null;
    const last = groups.at(-1);
    if (last && last.title === title) last.screens.push(screen);
    else groups.push({ title, screens: [screen] });
  }
  return groups;
}

export const ROLE_LABELS: Record<StaffRole, string> = { owner: "Owner", manager: "Manager", fulfilment: "Fulfilment" };
