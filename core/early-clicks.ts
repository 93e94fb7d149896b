/**
 * The global function through which the page's early clicks are handed to the app (decision 0015): the server's
 * script defines it, holding clicks on the page's JavaScript buttons until hydration; the app calls it once hydrated,
 * and it removes itself, so its absence after the page's own scripts have run means the page is hydrated.
 */
export const REPLAY_EARLY_CLICKS = "__replayEarlyClicks";
