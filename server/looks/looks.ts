/**
 * The shop's looks as the back office changes them (permission `content`): the callout, colours, fonts, buttons, logo,
 * menu, footer and social links, kept in the settings document and audited in its transaction. A link must lead to a
 * page the shop has, which the catalogue's navigation knows; so the looks sit above the catalogue, apart from the
 * store's rules that the catalogue reads.
 */
import type { StoreLooksChange } from "../../core/schemas/admin-settings";
import type { StoreSettings } from "../../core/schemas/store-settings";
import type { AuditActor } from "../audit/audit";
import { assertLinksLead } from "../catalog/navigation";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { storePicture } from "../images/picture-intake";
import { changeStoreSettings, getStoreSettings } from "../store/settings";
import { withOneBackground } from "./theme-draft";

export type StoreLooks = Pick<StoreSettings, "callout" | "styles" | "logo" | "navbar" | "footer" | "socialLinks">;

export const looksOf = ({ callout, styles, logo, navbar, footer, socialLinks }: StoreSettings): StoreLooks => ({ callout, styles, logo, navbar, footer, socialLinks });

export async function getStoreLooks(db: Database, storeId: string): Promise<StoreLooks> {
  return looksOf(await getStoreSettings(db, storeId));
}

/** A change to the looks; a link it adds to the menu or footer must lead to a page the shop has (./navigation.ts). */
export async function changeStoreLooks(db: Database, actor: AuditActor, change: StoreLooksChange): Promise<StoreLooks> {
  if (change.navbar?.pages || change.footer?.links || change.footer?.sections) {
    await assertLinksLead(db, actor.storeId, await getStoreSettings(db, actor.storeId), change);
  }
  return looksOf(await changeStoreSettings(db, actor, withOneBackground(change), "store_looks.update"));
}

/** A new logo: stored with the shop's renditions (refused as product pictures are), then shown everywhere at once. */
export async function uploadLogo(deps: Pick<AppDeps, "db" | "imageStorage">, actor: AuditActor, file: File, alt?: string): Promise<StoreLooks> {
  const { url } = await storePicture(deps.imageStorage, Buffer.from(await file.arrayBuffer()), { folder: "site" });
  const logo = alt ? { url, alt } : { url };
  return looksOf(await changeStoreSettings(deps.db, actor, { logo }, "store_looks.update"));
}
