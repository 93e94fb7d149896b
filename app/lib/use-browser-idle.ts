import { useEffect, useState } from "react";

/** Long enough for hydration and the first images, short enough that nothing waits on a busy page for long. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * False in the server's HTML, through hydration and until the browser first has nothing to do, then true. Code a
 * shopper only needs after an interaction (the cart drawer, the welcome popup, the carousels' engine) loads then,
 * off the first load's critical path. Safari has no requestIdleCallback; a zero timeout still waits for hydration.
 */
export function useBrowserIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const becomeIdle = () => setIdle(true);
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(becomeIdle, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = setTimeout(becomeIdle, 0);
    return () => clearTimeout(handle);
  }, []);
  return idle;
}
