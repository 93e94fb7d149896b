import { lazy, Suspense } from "react";
import type { Variant } from "@core/schemas/catalog";

// Fetched only when a sold-out variant is shown, so the product page's first load does not carry the form.
const BackInStockForm = lazy(() => import("./back-in-stock-form").then((module) => ({ default: module.BackInStockForm })));

/** The back-in-stock form under a sold-out variant; nothing for one in stock. */
export function BackInStock({ variant, productHandle }: { variant: Variant | null; productHandle: string }) {
  if (!variant || variant.total_stock > 0) return null;
  return (
    <Suspense fallback={null}>
      <BackInStockForm sku={variant.sku} productHandle={productHandle} />
    </Suspense>
  );
}
