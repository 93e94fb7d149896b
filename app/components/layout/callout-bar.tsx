import { useShop } from "~/lib/use-shop";

/** The thin strip above the navigation bar (spec section 2, Top callout). */
export function CalloutBar() {
  const { callout } = useShop().settings;
  if (!callout.text) return null;
  return (
    <div
      className="w-full border-b border-black/10 px-4 py-2 text-center text-sm"
      style={{ color: callout.textColor, backgroundColor: callout.backgroundColor }}
    >
      {callout.text}
    </div>
  );
}
