import type { Bundle, ProductCardData } from "@core/schemas/catalog";
import { BundleCard, ProductCard, type CardHeading } from "./product-card";

/** A card-shaped grey block, shown while cards load. */
export function CardSkeleton() {
  return (
    <div aria-hidden="true" className="flex animate-pulse flex-col overflow-hidden rounded-lg bg-card ring-1 ring-black/5">
      <div className="aspect-square bg-black/10" />
      <div className="flex flex-col gap-2 p-4">
        <div className="h-5 w-3/4 rounded bg-black/10" />
        <div className="h-4 w-1/4 rounded bg-black/10" />
      </div>
    </div>
  );
}

const GRID = "grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";

export function SkeletonGrid({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-label={label} className={GRID}>
      {Array.from({ length: count }, (_, i) => (
        <CardSkeleton key={i} />
      ))}
    </div>
  );
}

/** Products then bundles, 2 columns from 640 px (docs/product.md, Search results page). */
export function ProductGrid({
  products,
  bundles = [],
  label,
  eagerCount = 0,
  cardHeading,
  wishlist = false,
}: {
  products: ProductCardData[];
  bundles?: Bundle[];
  label: string;
  /**
   * Cards in the first screen load their images at once, the first of them ahead of everything else: it is the
   * page's largest paint on a phone, where further high-priority pictures would only take its bandwidth.
   */
  eagerCount?: number;
  cardHeading?: CardHeading;
  /** The wishlist's grid: each card says whether it is in stock and keeps its quick shop in view. */
  wishlist?: boolean;
}) {
  return (
    <ul aria-label={label} className={GRID}>
      {products.map((product, i) => (
        <li key={`p-${product.id}`}>
          <ProductCard
            product={product}
            imageLoading={i >= eagerCount ? "lazy" : i === 0 ? "priority" : "eager"}
            heading={cardHeading}
            wishlist={wishlist}
          />
        </li>
      ))}
      {bundles.map((bundle) => (
        <li key={`b-${bundle.bundle_handle}`}>
          <BundleCard bundle={bundle} heading={cardHeading} />
        </li>
      ))}
    </ul>
  );
}
