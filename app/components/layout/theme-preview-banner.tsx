import { THEME_PATH, THEME_PREVIEW_END_PATH } from "~/lib/theme-preview";

/**
 * Above a staff member's preview of the theme draft, in fixed colours of its own so the draft cannot make it
 * unreadable: says shoppers still see the published theme, and leads back to the theme screen.
 */
export function ThemePreviewBanner() {
  return (
    <aside aria-label="Theme preview" className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-[#1c1c1c] px-4 py-2 text-sm text-white">
      <p>
        <strong>Preview of the theme draft.</strong> Shoppers still see the published theme.
      </p>
      <a href={THEME_PATH} className="underline">
        Back to the theme
      </a>
      <a href={THEME_PREVIEW_END_PATH} className="underline">
        End the preview
      </a>
    </aside>
  );
}
