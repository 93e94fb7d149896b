import { Link } from "react-router";
import type { ProductCardData } from "@core/schemas/catalog";
import { ProductImage } from "~/components/product/product-image";
import { loadingAttributes, useImageFallback, type ImageLoading } from "~/lib/images";

const MIN_BANNER_PX = 250;

/** A numeric banner height is clamped between 250 px and the window's height (docs/product.md, Limits and timings). */
export function bannerHeight(height: number | undefined): string {
  return height === undefined ? `max(${MIN_BANNER_PX}px, 60vh)` : `clamp(${MIN_BANNER_PX}px, ${height}px, 100vh)`;
}

function WideImage({ url, width, height, className, loading = "lazy" }: { url: string; width: number; height: number; className: string; loading?: ImageLoading }) {
  const image = useImageFallback(url, 1024);
  return (
    <img
      {...image}
      alt=""
      sizes="100vw"
      width={width}
      height={height}
      {...loadingAttributes(loading)}
      decoding="async"
      className={className}
    />
  );
}

export function TitleBanner({ header, image, height }: { header: string; image: string; height?: number }) {
  return (
    <section className="relative flex items-center justify-center overflow-hidden" style={{ height: bannerHeight(height) }}>
      <WideImage url={image} width={1600} height={1000} loading="priority" className="absolute inset-0 h-full w-full object-cover" />
      <div className="relative mx-4 max-w-3xl rounded-lg bg-black/60 px-6 py-8 text-center text-white">
        <h1 className="text-3xl font-semibold sm:text-5xl">{header}</h1>
      </div>
    </section>
  );
}

/** Text beside an image, with a button to the product the shop chose to feature. */
export function TextWithImageBanner({ product, text, buttonText }: { product: ProductCardData | null; text: string; buttonText: string }) {
  if (!product) return null;
  return (
    <section aria-labelledby="feature-heading" className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-12 md:grid-cols-2">
      <div className="overflow-hidden rounded-lg">
        <ProductImage url={product.product_image_main} alt={product.product_title} size={1024} sizes="(min-width: 768px) 50vw, 100vw" />
      </div>
      <div>
        <h2 id="feature-heading" className="text-3xl font-semibold">
          {product.product_title}
        </h2>
        <p className="mt-4 text-lg">{text}</p>
        <Link
          to={`/products/${product.id}`}
          state={{ product }}
          className="mt-6 inline-block rounded bg-button px-6 py-3 font-semibold text-button-ink hover:opacity-90"
        >
          {buttonText}
        </Link>
      </div>
    </section>
  );
}

export function ImageBand({ image }: { image: string }) {
  return (
    <div className="my-12 h-48 overflow-hidden sm:h-72">
      <WideImage url={image} width={1920} height={640} className="h-full w-full object-cover" />
    </div>
  );
}

export function DiscountBlock({ image, percentage }: { image: string; percentage: number }) {
  const text =
    percentage > 0
      ? `Get ${percentage}% off your first order when you join our newsletter.`
      : "Join our newsletter to stay up to date with our journey.";
  return (
    <section aria-label="Newsletter offer" className="mx-auto max-w-7xl px-4 py-12">
      <figure className="overflow-hidden rounded-lg bg-card">
        {/* The box keeps the picture's 4:3 before it loads (an alt="" image that has not loaded yet has no height).
            Its width is set, so on a wide screen the height limit crops the picture instead of narrowing the box. */}
        <div className="aspect-[4/3] max-h-[32rem] w-full">
          <WideImage url={image} width={1200} height={900} className="h-full w-full object-cover" />
        </div>
        <figcaption className="p-4 text-center text-lg font-semibold">{text}</figcaption>
      </figure>
    </section>
  );
}
