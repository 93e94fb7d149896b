/**
 * Staff see a product's page before it is on sale (a draft) and after (archived), as shoppers would once it is: the
 * product page's loader asks here when no shopper may see the handle. Only a signed-in member whose role reaches the
 * catalogue (core/staff-roles.ts) previews, and the answer is theirs alone: never kept by a shared cache.
 */
import { can } from "../../core/staff-roles";
import type { AppDeps } from "../context";
import { staffOfRequest } from "../staff/signed-in";
import { productPage } from "./cached-reads";
import { getProductForPreview, movedProductHandle } from "./products";

/** What a preview answers with: only this browser may keep it, and search engines must not index it. */
export const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

export type StaffPreview =
  | { kind: "product"; status: string; product: ReturnType<typeof productPage>["product"]; descriptionText: string }
  | { kind: "moved"; handle: string };

export async function staffProductPreview(
  { db, storeId }: Pick<AppDeps, "db" | "storeId">,
  request: Request,
  handle: string,
): Promise<StaffPreview | null> {
  const signedIn = await staffOfRequest(db, storeId, request);
  if (!signedIn || signedIn.totpSetupRequired || !can(signedIn.member.role, "catalogue")) return null;
  const found = await getProductForPreview(db, storeId, handle);
  if (found) return { kind: "product", status: found.status, ...productPage(found.product) };
  const moved = await movedProductHandle(db, storeId, handle, { includeHidden: true });
  return moved ? { kind: "moved", handle: moved } : null;
}
