import { useRouteLoaderData } from "react-router";
import type { ShopData } from "./shop-data";

/** Shop-wide layout data (settings, store id), for components anywhere below the root route. */
export function useShop(): ShopData {
  const shop = useRouteLoaderData<ShopData>("root");
  if (!shop) throw new Error("useShop() is only available below the root route");
  return shop;
}
