/**
 * The back office's one search (issue 37): orders by number, email or name, customers by name, email or tag, and
 * products by title, handle or SKU, each through its own list's search and only where the member's role may look.
 */
import { can, type StaffRole } from "../../core/staff-roles";
import { listAdminProducts } from "../catalog/product-editor";
import { listDeskCustomers } from "../customers/desk";
import type { Database } from "../db/client";
import { listDeskOrders } from "../orders/desk";

/** Each kind's first matches: the list itself, filtered the same way, has the rest. */
export const SEARCH_MATCHES = 5;

export async function searchBackOffice(db: Database, storeId: string, role: StaffRole, q: string) {
  const limit = SEARCH_MATCHES;
  const [orders, customers, products] = await Promise.all([
    can(role, "orders") ? listDeskOrders(db, storeId, { q, limit }).then((page) => page.orders) : null,
    can(role, "customers") ? listDeskCustomers(db, storeId, { q, limit }).then((page) => page.customers) : null,
    can(role, "catalogue") ? listAdminProducts(db, storeId, { q, limit }).then((page) => page.products) : null,
  ]);
  return { orders, customers, products };
}
