import { useEffect } from "react";
import { REPLAY_EARLY_CLICKS } from "@core/early-clicks";

/**
 * Once the page is hydrated, acts on the clicks its buttons received before (held by the server's script, decision
 * 0015): a Cart or Search button pressed while the scripts were still on their way still opens what it names.
 */
export function useReplayEarlyClicks() {
  useEffect(() => {
    (window as unknown as Record<string, (() => void) | undefined>)[REPLAY_EARLY_CLICKS]?.();
  }, []);
}
