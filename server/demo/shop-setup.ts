/**
 * The setup page's two questions in one step: who owns the shop, and whether it starts with the demo or empty
 * (decision 0067). An empty start removes the demo in the transaction that makes the owner, so a setup either
 * happens whole or not at all; the demo was seeded at the first start, as the shop serves from its first request.
 */
import type { ShopStart } from "../../core/demo-content";
import type { AppDeps } from "../context";
import { completeSetup, type OwnerSetup } from "../staff/setup-link";
import { ensureShopMark, removeDemoContentIn } from "./demo-content";

/** Without a start (an API client of before), the shop keeps the demo, as it did. */
export type ShopSetup = OwnerSetup & { start?: ShopStart };

export async function setUpShop(
  deps: Pick<AppDeps, "db" | "config" | "rateLimiter" | "imageStorage">,
  request: Request,
  { start = "demo", ...owner }: ShopSetup,
  now = new Date(),
) {
  if (start === "demo") return completeSetup(deps, request, owner, now);
  // The empty shop's logo is a file: put before the transaction, it is there whether or not the setup goes through.
  const logoUrl = await ensureShopMark(deps.imageStorage);
  return completeSetup(deps, request, owner, now, (tx, actor) => removeDemoContentIn(tx, actor, logoUrl));
}
