/** What the store settings screens and their server side share: the theme form's fields and the notices after a save. */
import { noticeTable, type NoticeKey } from "./notices";

/** The theme form's fields, named by their settings' paths, so a refusal naming a setting lands beside its field. */
export const THEME_FIELDS = [
  "callout.text",
  "callout.textColor",
  "callout.backgroundColor",
  "styles.textColor",
  "styles.backgroundColor",
  "styles.colors.primary",
  "styles.colors.secondary",
  "styles.colors.tertiary",
  "styles.colors.background",
  "styles.colors.card",
  "styles.fonts.heading",
  "styles.fonts.body",
  "styles.buttons.primary.backgroundColor",
  "styles.buttons.primary.textColor",
  "styles.buttons.secondary.backgroundColor",
  "styles.buttons.secondary.textColor",
] as const;

export const SETTINGS_NOTICES = noticeTable({
  saved: "Saved. The shop shows it now.",
  "logo-saved": "The new logo is on the shop.",
  "picture-saved": "The new picture is on the shop.",
  added: "Added.",
  deleted: "Deleted.",
  "demo-removed": "The demo content was removed. Orders and customers are kept.",
});
export type SettingsNotice = NoticeKey<typeof SETTINGS_NOTICES>;
