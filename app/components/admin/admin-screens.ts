/**
 * The back office's screens as the navigation and the home screen list them, each with the permission it needs
 * (core/staff-roles.ts) and its group: a role sees only what the server would let it open, in groups as Shopify's admin
 * has them. Analytics is its own page.
 */
import { can, type Permission, type StaffRole } from "@core/staff-roles";

/** The back office's sections, as Shopify's admin groups its screens; Home, Analytics and Your account stand alone. */
export type AdminGroup = "Sales" | "Catalogue" | "Content" | "Inbox" | "Settings";

export type AdminScreen = {
  label: string;
  to: string;
  /** What the home screen says of it. */
  summary: string;
  /** Absent: every signed-in member has it. */
  permission?: Permission;
  group?: AdminGroup;
};

/** In the navigation's order: a group's screens side by side. */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { label: "Home", to: "/admin", summary: "What you can do in the back office." },
  { label: "Analytics", to: "/admin/analytics", summary: "How shoppers browse, search and buy.", permission: "analytics" },
  { label: "Orders", to: "/admin/orders", summary: "Ship, cancel and refund orders; export them.", permission: "orders", group: "Sales" },
  { label: "Drafts", to: "/admin/drafts", summary: "Orders you take by phone or for a business: email a payment link or mark them paid.", permission: "orders", group: "Sales" },
  { label: "Returns", to: "/admin/returns", summary: "Returns and exchanges, and why customers send things back.", permission: "orders", group: "Sales" },
  { label: "Subscriptions", to: "/admin/subscriptions", summary: "Subscriptions, their renewals and what the coming deliveries take.", permission: "orders", group: "Sales" },
  { label: "Customers", to: "/admin/customers", summary: "Customers, their orders and what they spent.", permission: "customers", group: "Sales" },
  { label: "Discounts", to: "/admin/discounts", summary: "Discount codes, their use and revenue; the welcome popup's offer.", permission: "discounts", group: "Sales" },
  { label: "Products", to: "/admin/products", summary: "Add and edit products, their pictures and prices; import from Shopify.", permission: "catalogue", group: "Catalogue" },
  { label: "Inventory", to: "/admin/inventory", summary: "Stock of every variant, each change with its reason.", permission: "catalogue", group: "Catalogue" },
  { label: "Collections", to: "/admin/collections", summary: "Group products in your order; pick the home page's and the menu's.", permission: "catalogue", group: "Catalogue" },
  { label: "Bundles", to: "/admin/bundles", summary: "Sell products together at one price.", permission: "catalogue", group: "Catalogue" },
  { label: "Wishlists", to: "/admin/wishlists", summary: "The products shoppers saved most and the alerts waiting for them.", permission: "catalogue", group: "Catalogue" },
  { label: "Home page", to: "/admin/home", summary: "The home page's banners, pictures, testimonials and sections.", permission: "content", group: "Content" },
  { label: "Blog", to: "/admin/posts", summary: "Write blog posts, preview drafts, publish them.", permission: "content", group: "Content" },
  { label: "Pages", to: "/admin/pages", summary: "Static pages such as About: write, preview, publish.", permission: "content", group: "Content" },
  { label: "Navigation", to: "/admin/navigation", summary: "The shop's menu, footer links and sections, copyright line and social links.", permission: "content", group: "Content" },
  { label: "Theme", to: "/admin/theme", summary: "The callout, colours, fonts, buttons and logo.", permission: "content", group: "Content" },
  { label: "Messages", to: "/admin/messages", summary: "Read and answer what customers write through the contact form.", permission: "customers", group: "Inbox" },
  { label: "Reviews", to: "/admin/reviews", summary: "Answer, hide and publish reviews; hold new ones for approval.", permission: "reviews", group: "Inbox" },
  { label: "Subscribers", to: "/admin/subscribers", summary: "Newsletter subscribers: search, export, unsubscribe.", permission: "customers", group: "Inbox" },
  { label: "Store settings", to: "/admin/settings", summary: "Store name, contact email, checkout on or off, minimum order.", permission: "settings", group: "Settings" },
  { label: "Shipping", to: "/admin/shipping", summary: "Shipping options, prices and free-shipping thresholds.", permission: "settings", group: "Settings" },
  { label: "Taxes", to: "/admin/taxes", summary: "Tax rates by country and region, and whether shipping is taxed.", permission: "settings", group: "Settings" },
  { label: "Staff", to: "/admin/staff", summary: "Add staff, change their roles, remove them.", permission: "staff", group: "Settings" },
  { label: "API tokens", to: "/admin/tokens", summary: "Tokens for scripts, each with a role.", permission: "tokens", group: "Settings" },
  { label: "Audit trail", to: "/admin/audit", summary: "Who changed what, and when.", permission: "audit", group: "Settings" },
  { label: "Your account", to: "/admin/account", summary: "Your two-step sign-in." },
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
