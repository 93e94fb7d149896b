/** Where the back office's theme screen and the shop's preview banner lead each other. */
export const THEME_PATH = "/admin/theme";
/** Sets the preview cookie for a signed-in member and opens the shop (app/routes/admin.theme-preview.ts). */
export const THEME_PREVIEW_PATH = "/admin/theme/preview";
export const THEME_PREVIEW_END_PATH = `${THEME_PREVIEW_PATH}?end=1`;
