/** What the store settings screens and their server side share: the theme form's fields and the notices after a save. */
import { noticeTable, type NoticeKey } from "./notices";

/**
 * The theme form's fields, named by their settings' paths, so a refusal naming a setting lands beside its field.
 * styles.colors.background is not one: it is the page background, set with it (server/looks/theme-draft.ts).
 */
export const THEME_FIELDS = [
  "callout.text",
  "callout.textColor",
  "callout.backgroundColor",
  "styles.textColor",
  "styles.backgroundColor",
  "styles.colors.primary",
  "styles.colors.secondary",
  "styles.colors.tertiary",
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
  "draft-saved": "Draft saved. Shoppers still see the published theme: preview it on the shop, then publish it.",
  published: "Published. Shoppers see the new theme now.",
  discarded: "The draft was discarded. The shop's theme is as it was.",
  "logo-saved": "The new logo is on the shop.",
  "picture-saved": "The new picture is on the shop.",
  added: "Added.",
  deleted: "Deleted.",
  "test-email-delivered": "The test email went out to your address: look for it in your inbox.",
  "test-email-kept": "The test email is in the outbox: with no mail server set, nothing leaves the shop.",
  "test-email-refused": "The mail server did not take the test email: its reason is under Email.",
  "demo-removed": "The demo content was removed. Orders and customers are kept.",
});
export type SettingsNotice = NoticeKey<typeof SETTINGS_NOTICES>;
