import type { CSSProperties } from "react";
import { lazy, Suspense, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { StoreSettings } from "@core/schemas/store-settings";
import { cachedStoreSettings, currentCustomer, loadCartForRequest, savedProductHandles, themePreviewFor, wishlistOwnerOf } from "./root.server";
import type { Route } from "./+types/root";
import { AnalyticsTracker } from "./components/analytics/analytics-tracker";
import { CalloutBar } from "./components/layout/callout-bar";
import { Footer } from "./components/layout/footer";
import { CartButton } from "./components/cart/cart-button";
import { Navbar } from "./components/layout/navbar";
import { useOwnerLayout } from "./components/layout/owner-layout";
import { InlineStylesheet } from "./lib/inline-stylesheet";
import type { ShopData } from "./lib/shop-data";
import { useReplayEarlyClicks } from "./lib/use-replay-early-clicks";
import { useBrowserIdle } from "./lib/use-browser-idle";
import { CartProvider, useCart } from "./state/cart";

// Only staff previewing a theme draft see it, so shoppers' first load does not carry it.
const ThemePreviewBanner = lazy(() =>
  import("./components/layout/theme-preview-banner").then((module) => ({ default: module.ThemePreviewBanner })),
);
// Neither is on screen at first paint, so neither is part of the first load (see DeferredDialogs).
const CartDrawer = lazy(() => import("./components/cart/cart-drawer").then((module) => ({ default: module.CartDrawer })));
const WelcomePopup = lazy(() =>
  import("./components/welcome-popup/welcome-popup").then((module) => ({ default: module.WelcomePopup })),
);

export async function loader({ context, request }: Route.LoaderArgs) {
  // The server's cart, repaired, so the first paint shows the right badge and the shopper learns what changed.
  const [live, cart, customer] = await Promise.all([
    cachedStoreSettings(context, context.storeId),
    loadCartForRequest(context, request),
    currentCustomer(context, request),
  ]);
  const [wishlist, preview] = await Promise.all([
    savedProductHandles(context.db, context.storeId, wishlistOwnerOf(customer, request)),
    themePreviewFor(context.db, context.storeId, request, live),
  ]);
  const year = new Date().getFullYear();
  const settings = preview ?? live;
  const shop: ShopData = { settings, themePreview: preview !== null, storeId: context.storeId, year, cart, isLoggedIn: customer !== null, wishlist };
  return data(shop);
}

function themeVariables(settings: StoreSettings): CSSProperties {
  const { styles } = settings;
  return {
    "--shop-primary": styles.colors.primary,
    "--shop-secondary": styles.colors.secondary,
    "--shop-tertiary": styles.colors.tertiary,
    "--shop-background": styles.backgroundColor,
    "--shop-card": styles.colors.card,
    "--shop-text": styles.textColor,
    "--shop-button-bg": styles.buttons.primary.backgroundColor,
    "--shop-button-text": styles.buttons.primary.textColor,
    "--shop-button2-bg": styles.buttons.secondary.backgroundColor,
    "--shop-button2-text": styles.buttons.secondary.textColor,
    "--shop-font-heading": styles.fonts.heading,
    "--shop-font-body": styles.fonts.body,
  } as CSSProperties;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const shop = useRouteLoaderData<typeof loader>("root");
  useReplayEarlyClicks();
  return (
    <html lang="en" style={shop ? themeVariables(shop.settings) : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <InlineStylesheet />
        <Meta />
        <Links />
        {shop && <link rel="icon" href={shop.settings.icon ?? shop.settings.logo.url} />}
      </head>
      <body className="min-h-screen bg-surface text-ink antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** The spec asks for the window to scroll to the top on every route change. */
function ScrollToTopOnRouteChange() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * The cart drawer and the welcome popup load once the browser is idle after hydration. A cart opened before that
 * (its button, an add to cart) loads the drawer at once, and it opens as soon as it arrives. The popup is drawn
 * only in the browser anyway, since whether it was seen lives there.
 */
function DeferredDialogs() {
  const idle = useBrowserIdle();
  const { state } = useCart();
  return (
    <>
      <Suspense fallback={null}>{idle ? <WelcomePopup /> : null}</Suspense>
      <Suspense fallback={null}>{idle || state.shouldShowCart ? <CartDrawer /> : null}</Suspense>
    </>
  );
}

function SiteShell({ children }: { children: React.ReactNode }) {
  const shop = useRouteLoaderData<typeof loader>("root");
  return (
    <CartProvider initial={shop?.cart}>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-card focus:p-2"
        >
          Skip to content
        </a>
        {shop?.themePreview ? (
          <Suspense fallback={null}>
            <ThemePreviewBanner />
          </Suspense>
        ) : null}
        <CalloutBar />
        <Navbar cartButton={<CartButton />} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <Footer />
      </div>
      <DeferredDialogs />
    </CartProvider>
  );
}

export default function App() {
  const shop = useRouteLoaderData<typeof loader>("root");
  if (useOwnerLayout()) return <Outlet />;
  return (
    <SiteShell>
      <ScrollToTopOnRouteChange />
      <Outlet />
      {/* After the page: a page's own effects (NotFoundMark) run before the tracker's. */}
      {shop && <AnalyticsTracker storeId={shop.storeId} />}
    </SiteShell>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.settings.websiteTitle ?? "Shop" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const shop = useRouteLoaderData<typeof loader>("root");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Page not found" : "Something went wrong";
  const message = notFound
    ? "We couldn't find the page you were looking for."
    : "Sorry, an unexpected error occurred. Please try again in a moment.";
  const body = (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{title}</title>
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="mt-4">{message}</p>
      <a href="/" className="mt-8 inline-block rounded bg-button px-6 py-3 text-button-ink">
        Back to the shop
      </a>
    </section>
  );
  // Without the root's data (the store itself failed to load) the shell cannot be drawn; the message still can.
  return shop ? <SiteShell>{body}</SiteShell> : body;
}
