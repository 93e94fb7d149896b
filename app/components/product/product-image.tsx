import { loadingAttributes, SQUARE, useImageFallback, type ImageLoading, type ImageSize } from "~/lib/images";

/**
 * A catalogue image through the fallback chain, with its intrinsic size given so the layout does not shift.
 * `sizes` tells the browser how wide it is drawn, so it takes the smaller derivative where that is enough.
 */
export function ProductImage({
  url,
  alt,
  size,
  sizes,
  className = "",
  loading = "lazy",
}: {
  url: string | null | undefined;
  alt: string;
  size: ImageSize;
  sizes: string;
  className?: string;
  loading?: ImageLoading;
}) {
  const image = useImageFallback(url, size);
  return (
    <img
      {...image}
      alt={alt}
      sizes={sizes}
      width={SQUARE.width}
      height={SQUARE.height}
      {...loadingAttributes(loading)}
      decoding="async"
      className={`aspect-square h-auto w-full object-cover ${className}`}
    />
  );
}
