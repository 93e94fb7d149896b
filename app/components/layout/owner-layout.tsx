/**
 * The owner's pages have their own layout (architecture: back office): a plain header and the page, without the
 * shop's callout bar, navigation, cart, WELCOME tab or newsletter footer, which are for shoppers. A route takes it
 * with `export const handle = OWNER_LAYOUT` and draws <OwnerLayout> itself; the root then leaves the shop's shell out.
 */
import { useMatches } from "react-router";
import { useShop } from "~/lib/use-shop";

export const OWNER_LAYOUT = { ownerLayout: true } as const;

/** True on a route that draws the owner's layout. */
export function useOwnerLayout(): boolean {
  return useMatches().some((match) => (match.handle as Partial<typeof OWNER_LAYOUT> | undefined)?.ownerLayout === true);
}

export function OwnerLayout({ children }: { children: React.ReactNode }) {
  const { settings } = useShop();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-black/10 bg-card">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <p className="font-semibold">{settings.websiteTitle} · Shop owner</p>
          <a href="/" className="underline">
            View the shop
          </a>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
    </div>
  );
}
