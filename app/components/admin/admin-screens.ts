/**
 * The back office's screens as the navigation and the home screen list them, each with the permission it needs
 * (core/staff-roles.ts): a role sees only what the server would let it open. Analytics is its own page.
 */
import { can, type Permission, type StaffRole } from "@core/staff-roles";

export type AdminScreen = {
  label: string;
  to: string;
  /** What the home screen says of it. */
  summary: string;
  /** Absent: every signed-in member has it. */
  permission?: Permission;
};

export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { label: "Home", to: "/admin", summary: "What you can do in the back office." },
  { label: "Orders", to: "/admin/orders", summary: "Ship, cancel and refund orders; export them.", permission: "orders" },
  { label: "Customers", to: "/admin/customers", summary: "Customers, their orders and what they spent.", permission: "customers" },
  { label: "Messages", to: "/admin/messages", summary: "Read and answer what customers write through the contact form.", permission: "customers" },
  { label: "Subscribers", to: "/admin/subscribers", summary: "Newsletter subscribers: search, export, unsubscribe.", permission: "customers" },
  { label: "Products", to: "/admin/products", summary: "Add and edit products, their pictures and prices; import from Shopify.", permission: "catalogue" },
  { label: "Inventory", to: "/admin/inventory", summary: "Stock of every variant, each change with its reason.", permission: "catalogue" },
  { label: "Collections", to: "/admin/collections", summary: "Group products in your order; pick the home page's and the menu's.", permission: "catalogue" },
  { label: "Bundles", to: "/admin/bundles", summary: "Sell products together at one price.", permission: "catalogue" },
  { label: "Reviews", to: "/admin/reviews", summary: "Answer, hide and publish reviews; hold new ones for approval.", permission: "reviews" },
  { label: "Discounts", to: "/admin/discounts", summary: "Discount codes, their use and revenue; the welcome popup's offer.", permission: "discounts" },
  { label: "Blog", to: "/admin/posts", summary: "Write blog posts, preview drafts, publish them.", permission: "content" },
  { label: "Pages", to: "/admin/pages", summary: "Static pages such as About: write, preview, publish.", permission: "content" },
  { label: "Theme", to: "/admin/theme", summary: "The callout, colours, fonts, buttons and logo.", permission: "content" },
  { label: "Store settings", to: "/admin/settings", summary: "Store name, contact email, checkout on or off, minimum order.", permission: "settings" },
  { label: "Shipping", to: "/admin/shipping", summary: "Shipping options, prices and free-shipping thresholds.", permission: "settings" },
  { label: "Taxes", to: "/admin/taxes", summary: "Tax rates by country and region, and whether shipping is taxed.", permission: "settings" },
  { label: "Staff", to: "/admin/staff", summary: "Add staff, change their roles, remove them.", permission: "staff" },
  { label: "API tokens", to: "/admin/tokens", summary: "Tokens for scripts, each with a role.", permission: "tokens" },
  { label: "Audit trail", to: "/admin/audit", summary: "Who changed what, and when.", permission: "audit" },
  { label: "Analytics", to: "/admin/analytics", summary: "How shoppers browse, search and buy.", permission: "analytics" },
  { label: "Your account", to: "/admin/account", summary: "Your two-step sign-in." },
];

export function screensFor(role: StaffRole): AdminScreen[] {
  return ADMIN_SCREENS.filter((screen) => screen.permission === undefined || can(role, screen.permission));
}

export const ROLE_LABELS: Record<StaffRole, string> = { owner: "Owner", manager: "Manager", fulfilment: "Fulfilment" };
