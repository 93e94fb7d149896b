/**
 * Who may do what in the back office. The matrix is the one place a role's reach is decided: every admin request
 * names the permission it needs and `can` answers, so a new route cannot forget to check and two routes cannot
 * disagree. Nothing here touches the server, so the admin UI can hide what a role may not do by the same matrix.
 */
export const STAFF_ROLES = ["owner", "manager", "fulfilment"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  /** Staff accounts and the owner's TOTP policy. */
  "staff",
  /** API tokens for scripts. */
  "tokens",
  "payment-settings",
  "orders",
  "customers",
  "catalogue",
  /** Blog posts, pages, the home page, navigation and the theme. */
  "content",
  "discounts",
  /** The shop's rules: shipping, tax, the minimum order, checkout on or off, its name and contact address. */
  "settings",
  /** Publishing, hiding and answering product reviews. */
  "reviews",
  "analytics",
  /** The sales, products, customers and subscriptions reports: what the shop sold and earned (decision 0064). */
  "reports",
  "audit",
  /** The shop's outgoing mail as sent (/dev/mailbox in production): password-reset links are among it. */
  "outbox",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Held by the owner alone: each one lets its holder grant itself, or take money out of, everything else. */
const OWNER_ONLY: ReadonlySet<Permission> = new Set(["staff", "tokens", "payment-settings", "outbox"]);
/** Enough to pack and ship orders and to answer customers, and nothing that changes the shop. */
const FULFILMENT: ReadonlySet<Permission> = new Set(["orders", "customers"]);

export function can(role: StaffRole, permission: Permission): boolean {
  switch (role) {
    case "owner":
      return true;
    case "manager":
      return !OWNER_ONLY.has(permission);
    case "fulfilment":
      return FULFILMENT.has(permission);
  }
}
