import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PageSpeed, SessionPayload } from "@core/schemas/analytics";
import { analytics } from "~/state/analytics";
import { AnalyticsTracker } from "./analytics-tracker";
// The tracker loads its session code after the page; loaded here up front, its import resolves at once.
import "./analytics-session";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The speed measurement's start, as the session code hands it what to record and how to send. */
const speedWatches = vi.hoisted(() => [] as { record: (speed: PageSpeed) => void; sendHidden: () => void }[]);
vi.mock("./page-speed", () => ({
  watchPageSpeed: (record: (speed: PageSpeed) => void, sendHidden: () => void) => speedWatches.push({ record, sendHidden }),
}));

/** Long enough for the session code's idle callback and its import of the speed code. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

type Router = ReturnType<typeof createMemoryRouter>;

let root: Root;
let container: HTMLElement;
let fetchMock: ReturnType<typeof vi.fn>;
let beacons: { url: string; body: Blob }[];

async function mount(): Promise<Router> {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <>
            <AnalyticsTracker storeId="demo" />
            <Outlet />
          </>
        ),
        children: [
          {
            path: "search",
            element: (
              <main>
                <a href="/products/alpha">Alpha</a>
                <a href="/products/beta">Beta</a>
              </main>
            ),
          },
          { path: "*", element: null },
        ],
      },
    ],
    { initialEntries: ["/"] },
  );
  await act(async () => {
    root.render(<RouterProvider router={router} />);
  });
  // Lets the session start (two awaited requests) settle.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return router;
}

async function go(router: Router, to: string) {
  await act(async () => {
    await router.navigate(to);
  });
}

async function sentPayload(): Promise<SessionPayload> {
  expect(beacons).toHaveLength(1);
  expect(beacons[0].url).toBe("/api/metrics/update-session-data");
  expect(beacons[0].body.type).toBe("application/json");
  return JSON.parse(await beacons[0].body.text()) as SessionPayload;
}

function setNavigator(name: string, value: unknown) {
  Object.defineProperty(navigator, name, { configurable: true, get: () => value });
}

beforeEach(() => {
  speedWatches.length = 0;
  analytics.dispatch({ type: "clear" });
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ status: "ok" }), { status: 201 }));
  vi.stubGlobal("fetch", fetchMock);
  beacons = [];
  setNavigator("sendBeacon", (url: string, body: Blob) => {
    beacons.push({ url, body });
    return true;
  });
  setNavigator("doNotTrack", null);
  setNavigator("globalPrivacyControl", undefined);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("AnalyticsTracker", () => {
  it("starts a session with the store header, then sends initial data without any address", async () => {
    await mount();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/metrics/initialize", "/api/metrics/collect-data"]);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init).toMatchObject({ method: "POST", credentials: "same-origin" });
    expect(init.headers).toMatchObject({ store_id: "demo", "content-type": "application/json" });
    expect((fetchMock.mock.calls[1] as [string, RequestInit])[1].body).toBe("{}");
  });

  it("starts the visit with where it came from: the referrer and the landing address's utm parameters, nothing else of it", async () => {
    window.history.replaceState(null, "", "/?utm_source=news&utm_medium=email&utm_campaign=spring&review_token=secret&q=tea");
    Object.defineProperty(document, "referrer", { configurable: true, get: () => "https://www.example.org/post?id=7" });
    try {
      await mount();
      expect(JSON.parse((fetchMock.mock.calls[0] as [string, RequestInit])[1].body as string)).toEqual({
        referrer: "https://www.example.org/post?id=7",
        utm_source: "news",
        utm_medium: "email",
        utm_campaign: "spring",
      });
    } finally {
      window.history.replaceState(null, "", "/");
      Reflect.deleteProperty(document, "referrer");
    }
  });

  it("names its page load in the beacon's address, so the visit's other page loads keep theirs", async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ status: "ok", load: "load_2-x" }), { status: 200 }));
    await mount();
    await act(async () => {
      window.dispatchEvent(new Event("pagehide"));
    });
    expect(beacons.map((beacon) => beacon.url)).toEqual(["/api/metrics/update-session-data?load=load_2-x"]);
  });

  it("measures the page load's speed once started, and every beacon then carries it", async () => {
    await mount();
    await settle();
    expect(speedWatches).toHaveLength(1);
    const speed = { page: "/", ttfb: 90, lcp: 800 };
    speedWatches[0].record(speed);
    window.dispatchEvent(new Event("pagehide"));
    expect((await sentPayload()).pageSpeed).toEqual(speed);
    // Hidden with the figures web-vitals settles then: the same load's beacon again.
    speedWatches[0].record({ ...speed, cls: 0.02 });
    speedWatches[0].sendHidden();
    expect(beacons).toHaveLength(2);
    expect(beacons[1].url).toBe(beacons[0].url);
    expect(JSON.parse(await beacons[1].body.text())).toMatchObject({ pageSpeed: { ...speed, cls: 0.02 } });
  });

  it("records pages, products and searches, and sends them as a beacon when the page is hidden", async () => {
    const router = await mount();
    await go(router, "/blog?page=2");
    await go(router, "/search?query=tea&type=search");
    await go(router, "/search?query=coffee&type=search");
    await go(router, "/products/house-blend");
    await go(router, "/search?query=coffee&type=collection-search");
    window.dispatchEvent(new Event("pagehide"));

    const payload = await sentPayload();
    expect(payload.viewedPages).toEqual([
      { page: "/", queryData: {} },
      { page: "/blog", queryData: { page: "2" } },
      { page: "/search", queryData: { query: "tea", type: "search" } },
      { page: "/search", queryData: { query: "coffee", type: "search" } },
      { page: "/products/house-blend", queryData: {} },
      { page: "/search", queryData: { query: "coffee", type: "collection-search" } },
    ]);
    expect(payload.productPageViews).toEqual({ "house-blend": 1 });
    expect(payload.searchHistory.map((entry) => entry.query)).toEqual(["tea", "coffee"]);
    expect(payload.searchHistory[1].clickedProducts).toEqual(["house-blend"]);
    expect(payload.cartData.cartStatus).toBe("abandoned");
    expect(payload.totalViewTime).toBeGreaterThanOrEqual(0);
  });

  it("records the products that come into view on a search's results, once each", async () => {
    const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        targets: Element[] = [];
        constructor(readonly callback: IntersectionObserverCallback) {
          observers.push(this);
        }
        observe(target: Element) {
          this.targets.push(target);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    const router = await mount();
    await go(router, "/search?query=tea&type=search");
    const observer = observers.at(-1)!;
    expect(observer.targets.map((target) => target.textContent)).toEqual(["Alpha", "Beta"]);
    const seen = (target: Element, isIntersecting: boolean) => ({ target, isIntersecting }) as IntersectionObserverEntry;
    act(() => {
      observer.callback([seen(observer.targets[1], true), seen(observer.targets[0], false)], {} as IntersectionObserver);
      observer.callback([seen(observer.targets[1], true)], {} as IntersectionObserver);
    });
    expect(analytics.getState().searchHistory[0].scrolledProducts).toEqual(["beta"]);
  });

  it("marks a purchase on a succeeded confirmation page", async () => {
    const router = await mount();
    await go(router, "/checkout-confirmation?redirect_status=succeeded");
    window.dispatchEvent(new Event("beforeunload"));
    expect((await sentPayload()).cartData.cartStatus).toBe("purchased");
  });

  it("logs a failed start with the spec's message and sends no beacon", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(new Response("{}", { status: 500 }));
    await mount();
    expect(errors).toHaveBeenCalledWith("Failed to initialize session", expect.any(Error));
    window.dispatchEvent(new Event("pagehide"));
    expect(beacons).toEqual([]);
  });

  it("logs failed initial data and a refused beacon with the spec's messages", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    fetchMock
      .mockResolvedValueOnce(new Response("{}", { status: 201 }))
      .mockRejectedValueOnce(new TypeError("network down"));
    setNavigator("sendBeacon", () => false);
    await mount();
    expect(errors).toHaveBeenCalledWith("Failed to send initial data:", expect.objectContaining({ status: 0, cause: expect.any(TypeError) }));
    window.dispatchEvent(new Event("pagehide"));
    expect(errors).toHaveBeenCalledWith("Failed to send analytics data via beacon:", expect.any(Error));
  });

  it("leaves the owner's pages out", async () => {
    const router = await mount();
    await go(router, "/admin/analytics?days=7");
    await go(router, "/blog");
    window.dispatchEvent(new Event("pagehide"));
    expect((await sentPayload()).viewedPages.map((view) => view.page)).toEqual(["/", "/blog"]);
  });

  it.each([
    ["doNotTrack", "1"],
    ["globalPrivacyControl", true],
  ])("sends nothing when %s asks not to be tracked", async (name, value) => {
    setNavigator(name, value);
    await mount();
    await settle();
    window.dispatchEvent(new Event("pagehide"));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(beacons).toEqual([]);
    // Nor is the speed measured: web-vitals never loads.
    expect(speedWatches).toEqual([]);
  });
});
