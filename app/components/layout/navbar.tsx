import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link } from "react-router";
import { navigationHref } from "@core/navigation";
import { useShop } from "~/lib/use-shop";
import { AccountIcon, HeartIcon, MenuIcon, SearchIcon } from "../icons";

// Fetched when a shopper first opens them, not with every page: each is a click away, and reading the shop needs
// neither.
const SearchOverlay = lazy(() => import("../search/search-overlay").then((module) => ({ default: module.SearchOverlay })));
const SideMenu = lazy(() => import("./side-menu").then((module) => ({ default: module.SideMenu })));

/** Logo, configured links, search toggle (or box), account and the cart (docs/product.md, Navigation bar). */
export function Navbar({ cartButton }: { cartButton?: React.ReactNode }) {
  const { settings, isLoggedIn, wishlist } = useShop();
  const [searchOpen, setSearchOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  /** Once opened, the menu stays mounted, so closing it is as quick as it always was. */
  const [menuWanted, setMenuWanted] = useState(false);
  const searchToggle = useRef<HTMLButtonElement>(null);
  const menuToggle = useRef<HTMLButtonElement>(null);

  const closeSearch = useCallback(() => {
    // The overlay takes the toggle's place, so the toggle must be drawn again before it can take the focus back.
    flushSync(() => setSearchOpen(false));
    searchToggle.current?.focus();
  }, []);
  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    menuToggle.current?.focus();
  }, []);

  return (
    <header className="sticky top-0 z-30 border-b border-black/10 bg-card">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        {searchOpen ? (
          <Suspense fallback={null}>
            <SearchOverlay onClose={closeSearch} />
          </Suspense>
        ) : (
          <>
            <button
              ref={menuToggle}
              type="button"
              className="rounded p-2 hover:bg-black/5 sm:hidden"
              aria-label="Open menu"
              aria-expanded={menuOpen}
              aria-controls="side-menu"
              onClick={() => {
                setMenuWanted(true);
                setMenuOpen(true);
              }}
            >
              <MenuIcon />
            </button>
            <Link to="/" className="flex shrink-0 items-center">
              <img src={settings.logo.url} alt={settings.logo.alt} width={140} height={40} className="h-10 w-auto" />
            </Link>
            <nav aria-label="Main" className="hidden flex-1 sm:block">
              <ul className="flex items-center gap-6 pl-6">
                {settings.navbar.pages.map((link) => (
                  <li key={link.name}>
                    <Link to={navigationHref(link)} className="font-medium hover:underline">
                      {link.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="ml-auto flex items-center gap-1">
              {settings.navbar.displaySearchBar ? (
                // The owner's choice (navbar.displaySearchBar): a box always there on wider screens; a plain GET form,
                // so it adds no script to the shop's first load.
                <form method="get" action="/search" role="search" className="hidden sm:block">
                  <label htmlFor="navbar-search" className="sr-only">
                    Search products
                  </label>
                  <input
                    id="navbar-search"
                    type="search"
                    name="query"
                    required
                    placeholder="Search products..."
                    autoComplete="off"
                    className="w-44 rounded border border-black/30 bg-card px-3 py-1.5 lg:w-60"
                  />
                  <input type="hidden" name="type" value="search" />
                </form>
              ) : null}
              <button
                ref={searchToggle}
                type="button"
                aria-label="Search"
                className={`rounded p-2 hover:bg-black/5 ${settings.navbar.displaySearchBar ? "sm:hidden" : ""}`}
                onClick={() => setSearchOpen(true)}
              >
                <SearchIcon />
              </button>
              <Link
                to="/login"
                aria-label={isLoggedIn ? "Account (signed in)" : "Account"}
                className="relative rounded p-2 hover:bg-black/5"
              >
                <AccountIcon />
                {isLoggedIn ? (
                  <span aria-hidden="true" className="absolute bottom-1.5 right-1.5 h-2 w-2 rounded-full bg-green-700" />
                ) : null}
              </Link>
              <Link
                to="/wishlist"
                aria-label={wishlist.length > 0 ? `Wishlist, ${wishlist.length} saved` : "Wishlist"}
                className="rounded p-2 hover:bg-black/5"
              >
                <HeartIcon filled={wishlist.length > 0} />
              </Link>
              {cartButton}
            </div>
          </>
        )}
      </div>
      {menuWanted ? (
        <Suspense fallback={null}>
          <SideMenu open={menuOpen} onClose={closeMenu} />
        </Suspense>
      ) : null}
    </header>
  );
}
