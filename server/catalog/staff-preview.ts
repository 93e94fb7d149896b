/**
 * Staff see a product's page before it is on sale (a draft) and after (archived), as shoppers would once it is: the
 * product page's loader asks here when no shopper may see the handle. Only a signed-in member whose role reaches the
 * catalogue (core/staff-roles.ts) previews, and the answer is theirs alone: never kept by a shared cache.
 */
import { can, type Permission } from "../../core/staff-roles";
import type { AppDeps } from "../context";
import { staffOfRequest } from "../staff/signed-in";
import { productPage } from "./cached-reads";
import { getProductForPreview, movedProductHandle } from "./products";

/** What a preview answers with: only this browser may keep it, and search engines must not index it. */
export const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

export type StaffPreview =
  | { kind: "product"; status: string; product: ReturnType<typeof productPage>["product"]; descriptionText: string }
  | { kind: "moved"; handle: string };

/**
 * Whether the request comes from a signed-in member (past their TOTP setup) whose role holds the permission: the one
 * who may preview what shoppers cannot see yet (products here, blog posts and pages in content/content-preview.ts).
 */
export async function mayPreview({ db, storeId }: Pick<AppDeps, "db" | "storeId">, request: Request, permission: Permission): Promise<boolean> {
  const signedIn = await staffOfRequest(db, storeId, request);
  return Boolean(signedIn && !signedIn.totpSetupRequired && can(signedIn.member.role, permission));
}

export async function staffProductPreview(
  { db, storeId }: Pick<AppDeps, "db" | "storeId">,
  request: Request,
  handle: string,
): Promise<StaffPreview | null> {
  if (!(await mayPreview({ db, storeId }, request, "catalogue"))) return null;
  const found = await getProductForPreview(db, storeId, handle);
  if (found) return { kind: "product", status: found.status, ...productPage(found.product) };
  const moved = await movedProductHandle(db, storeId, handle, { includeHidden: true });
  return moved ? { kind: "moved", handle: moved } : null;
}
