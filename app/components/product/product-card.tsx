import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { OUT_OF_STOCK_MESSAGE } from "@core/cart";
import type { Bundle, ProductCardData } from "@core/schemas/catalog";
import { Stars } from "~/components/reviews/stars";
import { AlertDialog } from "~/components/ui/dialog";
import { SQUARE, useImageFallback, type ImageLoading } from "~/lib/images";
import { useCart } from "~/state/cart";
import { WishlistButton } from "~/components/wishlist/wishlist-button";
import { OptionPicker } from "./option-picker";
import { formatPrice } from "./price";
import { PriceTag } from "./price-tag";
import { ProductImage } from "./product-image";
import { isComplete, matchVariant, type Selection } from "./variant-selection";

/** How long a card says 'Added to cart!' before it resets (docs/product.md, Limits and timings). */
const ADDED_FEEDBACK_MS = 1500;

const CARD_SIZES = "(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw";

function CardFrame({ children, onReturn }: { children: React.ReactNode; onReturn?: () => void }) {
  return (
    <article
      onMouseLeave={onReturn}
      onFocus={onReturn}
      className="group relative flex h-full flex-col overflow-hidden rounded-lg bg-card shadow-sm ring-1 ring-black/5 transition hover:shadow-md">
      {children}
    </article>
  );
}

/**
 * The second image fades in over the first on hover. A screen without hover (a phone) never shows it: there it is
 * not displayed, and a lazy image that is not displayed is never fetched, which leaves the bandwidth to the page.
 */
function HoverImage({ url }: { url: string }) {
  const image = useImageFallback(url, 728);
  return (
    <img
      {...image}
      alt=""
      sizes={CARD_SIZES}
      width={SQUARE.width}
      height={SQUARE.height}
      loading="lazy"
      decoding="async"
      className="absolute inset-0 hidden h-full w-full object-cover opacity-0 transition-opacity duration-300 group-hover:opacity-100 [@media(hover:hover)]:block"
    />
  );
}

/**
 * A product in a grid or carousel (docs/product.md, Product card): image (hover image on hover), title and price; a
 * click opens the product page with the product as navigation state. Hover or keyboard focus shows the quick-shop
 * pickers.
 */
/** A card's title is a level below the heading of the list it sits in: h3 under a section's h2, h2 under the page's h1. */
export type CardHeading = "h2" | "h3";

export function ProductCard({
  product,
  imageLoading = "lazy",
  heading: Heading = "h3",
  wishlist = false,
}: {
  product: ProductCardData;
  imageLoading?: ImageLoading;
  heading?: CardHeading;
  /** On the wishlist: says whether the product is in stock, and shows the quick shop below the card at every width. */
  wishlist?: boolean;
}) {
  const href = `/products/${product.id}`;
  // After a quick add the overlay stays closed while the pointer that made it is still over the card; leaving the
  // card (or coming back to it with the keyboard) offers it again for the next hover.
  const [quickShopClosed, setQuickShopClosed] = useState(false);
  return (
    <CardFrame onReturn={() => setQuickShopClosed(false)}>
      {/* Prefetching on intent has the page's data ready by the click, so it paints at once. */}
      <Link to={href} state={{ product }} prefetch="intent" className="flex flex-1 flex-col focus-visible:outline-offset-[-4px]">
        <div className="relative overflow-hidden">
          <ProductImage
            url={product.product_image_main}
            alt={(product.product_image_main && product.image_alts[product.product_image_main]) || product.product_title}
            size={728}
            sizes={CARD_SIZES}
            loading={imageLoading}
          />
          {product.hoverImage ? <HoverImage url={product.hoverImage} /> : null}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-4">
          <Heading className="font-heading text-lg leading-snug">{product.product_title}</Heading>
          {product.rating.count > 0 ? (
            <p className="flex items-center gap-1 text-sm">
              <Stars rating={product.rating.average} />
              <span aria-hidden="true" className="text-ink/80">
                ({product.rating.count})
              </span>
              <span className="sr-only">{product.rating.count === 1 ? "1 review" : `${product.rating.count} reviews`}</span>
            </p>
          ) : null}
          <PriceTag className="font-semibold" price={product.product_price} compareAt={product.compare_at_price} />
          {wishlist ? <Availability product={product} /> : null}
        </div>
      </Link>
      {/* Over the picture's lower corner: a square picture as wide as the card, so its corner is the card's width down. */}
      <div className="pointer-events-none absolute inset-x-0 top-0 flex aspect-square items-end justify-end p-2">
        <WishlistButton handle={product.id} title={product.product_title} className="pointer-events-auto" />
      </div>
      <QuickShop
        product={product}
        closed={quickShopClosed}
        onClose={() => setQuickShopClosed(true)}
        inFlow={wishlist}
      />
    </CardFrame>
  );
}

function Availability({ product }: { product: ProductCardData }) {
  return product.variants.some((variant) => variant.total_stock > 0) ? (
    <p className="text-sm text-green-800">In stock</p>
  ) : (
    <p className="text-sm font-semibold text-red-800">Sold out</p>
  );
}

export function BundleCard({ bundle, heading: Heading = "h3" }: { bundle: Bundle; heading?: CardHeading }) {
  return (
    <CardFrame>
      <Link to={`/bundles/${bundle.bundle_handle}`} prefetch="intent" className="flex flex-1 flex-col focus-visible:outline-offset-[-4px]">
        <ProductImage url={bundle.bundle_image_urls[0]} alt={bundle.title} size={728} sizes={CARD_SIZES} />
        <div className="flex flex-1 flex-col gap-1 p-4">
          <p className="text-xs font-semibold uppercase tracking-wide text-secondary">Bundle</p>
          <Heading className="font-heading text-lg leading-snug">{bundle.title}</Heading>
          <p className="font-semibold">{formatPrice(bundle.price)}</p>
        </div>
      </Link>
    </CardFrame>
  );
}

/**
 * Quick-shop (docs/product.md, Product card): once an option is chosen for every attribute, the matching variant is
 * added with quantity 1; the card says 'Added to cart!' for 1.5 s, then the choices reset and the overlay closes. Only
 * the overlay of wider screens closes: on a phone the pickers sit below the card, ready for the next tap.
 */
function QuickShop({
  product,
  closed,
  onClose,
  inFlow,
}: {
  product: ProductCardData;
  closed: boolean;
  onClose: () => void;
  inFlow: boolean;
}) {
  const { quickAdd } = useCart();
  const [selection, setSelection] = useState<Selection>({});
  const [status, setStatus] = useState<"idle" | "adding" | "added">("idle");
  const [outOfStock, setOutOfStock] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const attributes = Object.keys(product.variant_list);
  if (product.variants.length === 0) return null;

  const reset = () => {
    setSelection({});
    setStatus("idle");
  };

  async function add(next: Selection) {
    const variant = matchVariant(product.variants, product.variant_list, next);
    if (!variant) {
      reset();
      return;
    }
    setStatus("adding");
    const result = await quickAdd(product, variant);
    if (result === "added") {
      setStatus("added");
      timer.current = setTimeout(() => {
        reset();
        onClose();
      }, ADDED_FEEDBACK_MS);
    } else {
      if (result === "out_of_stock") setOutOfStock(true);
      reset();
    }
  }

  function choose(name: string, value: string) {
    // Adding is blocked while an add is in progress.
    if (status !== "idle") return;
    const next = { ...selection, [name]: value };
    setSelection(next);
    if (isComplete(product.variant_list, next)) void add(next);
  }

  // Below the card on small screens (no hover there); over the image, shown on hover or focus, from 640 px, unless
  // the page keeps it in the card's flow.
  const overlay = inFlow
    ? ""
    : `sm:absolute sm:inset-x-2 sm:top-2 sm:rounded sm:border-0 sm:shadow-md sm:transition-opacity ${
        closed && status === "idle"
          ? "sm:hidden"
          : status === "added"
            ? "sm:opacity-100"
            : "sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100"
      }`;
  return (
    <>
      <div className={`border-t border-black/10 bg-card p-3 ${overlay}`}>
        {status === "added" ? (
          <p role="status" className="py-2 text-center font-semibold text-primary">
            Added to cart!
          </p>
        ) : attributes.length === 0 ? (
          <button
            type="button"
            disabled={status !== "idle"}
            onClick={() => void add({})}
            className="w-full rounded bg-button px-3 py-1.5 text-sm font-semibold text-button-ink"
          >
            Quick add
          </button>
        ) : (
          <div aria-label={`Quick shop ${product.product_title}`} role="group">
            <OptionPicker variantList={product.variant_list} selection={selection} onChange={choose} compact />
          </div>
        )}
      </div>
      <AlertDialog
        open={outOfStock}
        onClose={() => setOutOfStock(false)}
        title="Out of stock"
        message={OUT_OF_STOCK_MESSAGE}
        tone="error"
      />
    </>
  );
}
