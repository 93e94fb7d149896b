import { useShop } from "~/lib/use-shop";

/**
 * The thin strip above the navigation bar (docs/product.md, Top callout). A named landmark of its own, so a screen
 * reader's landmark list accounts for all of the page.
 */
export function CalloutBar() {
  const { callout } = useShop().settings;
  if (!callout.text) return null;
  return (
    <aside
      aria-label="Announcement"
      className="w-full border-b border-black/10 px-4 py-2 text-center text-sm"
      style={{ color: callout.textColor, backgroundColor: callout.backgroundColor }}
    >
      {callout.text}
    </aside>
  );
}
