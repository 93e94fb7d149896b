import { SQUARE, useImageFallback, type ImageSize } from "~/lib/images";

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
  priority = false,
}: {
  url: string | null | undefined;
  alt: string;
  size: ImageSize;
  sizes: string;
  className?: string;
  /** Above-the-fold images load eagerly and first. */
  priority?: boolean;
}) {
  const image = useImageFallback(url, size);
  return (
    <img
      {...image}
      alt={alt}
      sizes={sizes}
      width={SQUARE.width}
      height={SQUARE.height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={`aspect-square h-auto w-full object-cover ${className}`}
    />
  );
}
