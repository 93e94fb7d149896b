import { useRouteLoaderData } from "react-router";
import { shopMoment } from "@core/shop-dates";
import type { loader } from "~/routes/admin";

/**
 * A moment as staff read it: date and time to the minute in the shop's time zone, with the zone's name. The zone
 * comes from the back office's layout loader, so the server's render and the browser's print the same text.
 */
export function When({ at }: { at: Date | string }) {
  const timeZone = useShopTimeZone();
  return <time dateTime={new Date(at).toISOString()}>{shopMoment(at, timeZone)}</time>;
}

/** The shop's time zone, as the back office's layout loaded it. */
export function useShopTimeZone(): string {
  // Every screen that prints a moment is inside the layout, so its data is there.
  return useRouteLoaderData<typeof loader>("routes/admin")!.timeZone;
}
