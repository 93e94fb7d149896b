/**
 * The theme as a draft (permission `content`): the theme form saves here, not into the settings, so the live shop is
 * unchanged until the owner publishes. Signed-in staff preview the draft on the shop (the root loader asks
 * previewSettings); publishing writes it through changeStoreSettings, checked and audited as any settings change, and
 * discarding drops it. A draft is checked by the same schema and contrast rule when saved, against the live settings.
 */
import { eq } from "drizzle-orm";
import { themeDraftSchema, type ThemeDraft } from "../../core/schemas/admin-settings";
import type { StoreSettings } from "../../core/schemas/store-settings";
import { badInput, conflict } from "../../core/errors";
import { can } from "../../core/staff-roles";
import type { AuditActor } from "../audit/audit";
import { asksForThemePreview } from "../http/cookies";
import { staffOfRequest } from "../staff/signed-in";
import type { Database } from "../db/client";
import { themeDrafts } from "../db/schema";
import { changeStoreSettings, getStoreSettings, lockStoreSettings, settingsChanged } from "../store/settings";

export const NO_DRAFT = "There is no theme draft to publish: save one first";

/**
 * 'Page background' and the palette's 'background' are one colour: the shop paints only the first (app/root.tsx),
 * so a change to either sets both, and a change giving them two colours is refused rather than half kept.
 */
export function withOneBackground<Change extends Pick<ThemeDraft, "styles">>(change: Change): Change {
  const page = change.styles?.backgroundColor;
  const palette = change.styles?.colors?.background;
  if (page === undefined && palette === undefined) return change;
  if (page !== undefined && palette !== undefined && page.toLowerCase() !== palette.toLowerCase()) {
    throw badInput(
      "styles.colors.background: is the page background; leave it out or give the same colour as styles.backgroundColor",
      "styles.colors.background",
    );
  }
  const colour = (page ?? palette)!;
  return { ...change, styles: { ...change.styles, backgroundColor: colour, colors: { ...change.styles?.colors, background: colour } } };
}

export async function getThemeDraft(db: Database, storeId: string): Promise<ThemeDraft | null> {
  const [row] = await db.select({ change: themeDrafts.change }).from(themeDrafts).where(eq(themeDrafts.storeId, storeId));
  if (!row) return null;
  // A draft an older version saved that no longer reads is no draft: the owner starts again from the live theme.
  const parsed = themeDraftSchema.safeParse(row.change);
  return parsed.success ? parsed.data : null;
}

/**
 * The draft saved over any before it, when the live settings would take it (a 400 naming the field otherwise, and
 * nothing stored). Returns the settings as they would be published.
 */
export async function saveThemeDraft(db: Database, actor: AuditActor, draft: ThemeDraft): Promise<StoreSettings> {
  const change = withOneBackground(draft);
  const previewed = settingsChanged(await getStoreSettings(db, actor.storeId), change);
  await db
    .insert(themeDrafts)
    .values({ storeId: actor.storeId, change })
    .onConflictDoUpdate({ target: themeDrafts.storeId, set: { change, updatedAt: new Date() } });
  return previewed;
}

/**
 * The shop's settings with the draft applied, for a staff member's preview; null when there is no draft or the live
 * settings have since moved so that it no longer reads (the preview then shows the live shop).
 */
export async function previewSettings(db: Database, storeId: string, live: StoreSettings): Promise<StoreSettings | null> {
  const draft = await getThemeDraft(db, storeId);
  if (!draft) return null;
  try {
    return settingsChanged(live, draft);
  } catch {
    return null;
  }
}

/**
 * What the shop shows a request asking for the theme preview (the cookie the back office's preview link sets): the
 * draft applied, when the request is a signed-in member who may change the theme; null for everyone else, who see the
 * live theme whatever cookie they send.
 */
export async function themePreviewFor(db: Database, storeId: string, request: Request, live: StoreSettings): Promise<StoreSettings | null> {
  if (!asksForThemePreview(request.headers.get("cookie"))) return null;
  const signedIn = await staffOfRequest(db, storeId, request);
  if (!signedIn || signedIn.totpSetupRequired || !can(signedIn.member.role, "content")) return null;
  return previewSettings(db, storeId, live);
}

/** The draft made live: written as a settings change (checked again, audited as `theme.publish`) and then dropped. */
export async function publishThemeDraft(db: Database, actor: AuditActor): Promise<StoreSettings> {
  return db.transaction(async (tx) => {
    await lockStoreSettings(tx, actor.storeId);
    const draft = await getThemeDraft(tx, actor.storeId);
    if (!draft) throw conflict(NO_DRAFT);
    const published = await changeStoreSettings(tx, actor, draft, "theme.publish");
    await tx.delete(themeDrafts).where(eq(themeDrafts.storeId, actor.storeId));
    return published;
  });
}

/** The draft dropped; the live theme stays as it is, so there is nothing for the audit trail to keep. */
export async function discardThemeDraft(db: Database, actor: AuditActor): Promise<void> {
  await db.delete(themeDrafts).where(eq(themeDrafts.storeId, actor.storeId));
}
