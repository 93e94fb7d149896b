/**
 * Browsing analytics as a pure state machine (docs/product.md, States: Analytics): every transition is a function of
 * the state, an action and the time, so it is unit-tested without a browser. A small module-level store lets the cart
 * and the pages report events without React wiring.
 */
import type { CartLine, NewBundleLine } from "@core/cart";
import { ANALYTICS_LIMITS } from "@core/analytics-limits";
import type {
  CartEvent,
  CartEventType,
  CartStatus,
  SearchEntry,
  SessionPayload,
  ViewedPage,
} from "@core/schemas/analytics";

export type { CartEventType, CartStatus, SessionPayload };

export type AnalyticsState = {
  cartEvents: CartEvent[];
  productPageViews: Record<string, number>;
  pagesViewed: Record<string, number>;
  sessionStartTime: string | null;
  cartStatus: CartStatus;
  viewedPages: ViewedPage[];
  totalViewTime: number;
  searchHistory: SearchEntry[];
};

export type AnalyticsAction =
  | { type: "cartEvent"; event: CartEventType; sku?: string }
  | { type: "pageView"; page: string; queryData: Record<string, string> }
  | { type: "productVisit"; productId: string }
  | { type: "viewTime"; ms: number }
  | { type: "purchase" }
  | { type: "startSearch"; query: string }
  | { type: "endSearch" }
  | { type: "searchResults"; query: string; count: number }
  | { type: "searchScrolled"; productId: string }
  | { type: "searchClicked"; productId: string }
  | { type: "clear" };

export function initialAnalyticsState(): AnalyticsState {
  return {
    cartEvents: [],
    productPageViews: {},
    pagesViewed: {},
    sessionStartTime: null,
    cartStatus: "empty",
    viewedPages: [],
    totalViewTime: 0,
    searchHistory: [],
  };
}

/** Values are clipped to what the collection service accepts, so one long address never loses a whole session. */
const clip = (value: string, max: number) => value.slice(0, max);

function clippedQuery(queryData: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(queryData).map(([key, value]) => [
      clip(key, ANALYTICS_LIMITS.queryKey),
      clip(value, ANALYTICS_LIMITS.queryValue),
    ]),
  );
}

const elapsedSeconds = (since: string, now: Date) =>
  Math.max(0, Math.round(now.getTime() - Date.parse(since)) / 1000);

/** The first page or product visit starts the session clock. */
const started = (state: AnalyticsState, now: Date) => state.sessionStartTime ?? now.toISOString();

const activated = (status: CartStatus): CartStatus => (status === "empty" ? "active" : status);

function updateLatestSearch(state: AnalyticsState, change: (entry: SearchEntry) => SearchEntry): AnalyticsState {
  const latest = state.searchHistory.at(-1);
  if (!latest) return state;
  return { ...state, searchHistory: [...state.searchHistory.slice(0, -1), change(latest)] };
}

const withoutDuplicate = (list: string[], productId: string) =>
  list.includes(productId) ? list : [...list, productId];

export function analyticsReducer(state: AnalyticsState, action: AnalyticsAction, now: Date): AnalyticsState {
  switch (action.type) {
    case "cartEvent": {
      const event: CartEvent = { type: action.event, timestamp: now.toISOString() };
      if (action.sku) event.sku = clip(action.sku, ANALYTICS_LIMITS.id);
      return { ...state, cartEvents: [...state.cartEvents, event], cartStatus: activated(state.cartStatus) };
    }
    case "pageView": {
      const page = clip(action.page, ANALYTICS_LIMITS.page);
      return {
        ...state,
        sessionStartTime: started(state, now),
        pagesViewed: { ...state.pagesViewed, [page]: (state.pagesViewed[page] ?? 0) + 1 },
        viewedPages: [...state.viewedPages, { page, queryData: clippedQuery(action.queryData) }],
      };
    }
    case "productVisit": {
      const productId = clip(action.productId, ANALYTICS_LIMITS.id);
      return {
        ...state,
        sessionStartTime: started(state, now),
        productPageViews: { ...state.productPageViews, [productId]: (state.productPageViews[productId] ?? 0) + 1 },
        cartStatus: activated(state.cartStatus),
      };
    }
    case "viewTime":
      return { ...state, totalViewTime: state.totalViewTime + Math.max(0, action.ms) };
    case "purchase":
      return { ...state, cartStatus: "purchased" };
    case "startSearch": {
      const query = clip(action.query, ANALYTICS_LIMITS.searchQuery);
      const latest = state.searchHistory.at(-1);
      if (latest?.query === query) return state;
      const closed = latest
        ? [...state.searchHistory.slice(0, -1), { ...latest, duration: elapsedSeconds(latest.timestamp, now) }]
        : [];
      const entry: SearchEntry = {
        query,
        timestamp: now.toISOString(),
        duration: 0,
        scrolledProducts: [],
        clickedProducts: [],
      };
      return { ...state, searchHistory: [...closed, entry] };
    }
    case "endSearch":
      return updateLatestSearch(state, (entry) => ({ ...entry, duration: elapsedSeconds(entry.timestamp, now) }));
    case "searchResults":
      // Results that arrive for an older query than the latest entry's say nothing about it.
      if (state.searchHistory.at(-1)?.query !== clip(action.query, ANALYTICS_LIMITS.searchQuery)) return state;
      return updateLatestSearch(state, (entry) => ({ ...entry, resultCount: action.count }));
    case "searchScrolled":
      return updateLatestSearch(state, (entry) => ({
        ...entry,
        scrolledProducts: withoutDuplicate(entry.scrolledProducts, clip(action.productId, ANALYTICS_LIMITS.id)),
      }));
    case "searchClicked":
      return updateLatestSearch(state, (entry) => ({
        ...entry,
        clickedProducts: withoutDuplicate(entry.clickedProducts, clip(action.productId, ANALYTICS_LIMITS.id)),
      }));
    case "clear":
      return initialAnalyticsState();
  }
}

export type AnalyticsStore = {
  getState(): AnalyticsState;
  dispatch(action: AnalyticsAction): void;
};

export function createAnalyticsStore(clock: () => Date = () => new Date()): AnalyticsStore {
  let state = initialAnalyticsState();
  return {
    getState: () => state,
    dispatch(action) {
      state = analyticsReducer(state, action, clock());
    },
  };
}

/** The browser's one store: the tracker sends it, the cart and pages report into it. */
export const analytics = createAnalyticsStore();

/** How analytics names a cart line: a product line's sku, a bundle line's bundle id. */
export function cartItemId(line: CartLine | NewBundleLine): string {
  return line.kind === "product" ? line.sku : String(line.bundleId);
}

/** For the cart: report an add, quantity change, removal or emptying (sku of the line, or the bundle id). */
export function trackCartEvent(event: CartEventType, sku?: string) {
  analytics.dispatch({ type: "cartEvent", event, sku });
}

/** For the search page: how many results the search for `query` showed. */
export function trackSearchResults(query: string, count: number) {
  analytics.dispatch({ type: "searchResults", query: query.trim(), count });
}
