/** Bundle detail: the bundle and, per product it contains, the shopper's choices (docs/product.md, Bundle detail). */
import type { Bundle, BundleHandleOption } from "../../core/schemas/catalog";
import type { Database } from "../db/client";
import { storeIdOfHandle } from "../db/store-rows";
import { bundles } from "../db/schema";
import { getProductsByHandles, loadBundles } from "./products";

export type BundleDetail = { bundle: Bundle; handle_options: BundleHandleOption[] };

/**
 * A bundle lists one variant of each of its products (sku_to_quantity) and sells at one price. A shopper may take
 * any variant of that product priced the same instead (another grind, another colour), never one priced
 * differently (a 2 lb bag for the 12 oz one): no choice changes what the bundle's price buys. The bundle page
 * offers these choices and the cart accepts no other, in whatever unit both prices are given.
 */
export function offeredInBundle(listedVariantPrice: number, variantPrice: number): boolean {
  return variantPrice === listedVariantPrice;
}

export async function getBundleDetail(db: Database, storeId: string, handle: string): Promise<BundleDetail | null> {
  const id = await storeIdOfHandle(db, bundles, storeId, handle);
  if (id === null) return null;
  // Not offered while a product in it is not on sale (a draft, archived): no shopper could buy it whole.
  const [bundle] = await loadBundles(db, storeId, [id]);
  if (!bundle) return null;
  const members = await getProductsByHandles(db, storeId, bundle.handles);
  const handle_options = members.map((product): BundleHandleOption => {
    const listed = product.variants.find((variant) => variant.sku in bundle.sku_to_quantity);
    const bundle_variations = listed
      ? product.variants
          .filter((variant) => offeredInBundle(listed.product_price, variant.product_price))
          .map((variant) => ({
            sku: variant.sku,
            quantity: bundle.sku_to_quantity[listed.sku],
            product_attributes: variant.product_attributes,
          }))
      : [];
    return {
      id: product.id,
      product_title: product.product_title,
      sku: listed?.sku ?? null,
      variant_list: product.variant_list,
      variants: product.variants,
      bundle_variations,
    };
  });
  return { bundle, handle_options };
}
