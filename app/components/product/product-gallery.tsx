import { useState } from "react";
import { ProductImage } from "./product-image";

/**
 * The product's images: a large one (the `_1024.webp` derivative first) and thumbnails to switch between them. A
 * variant with its own picture (`shown`) brings that picture up when the shopper chooses it. Each picture says
 * what it shows by the alt text the shop gave it; one without is named by the product's title.
 */
export function ProductGallery({
  images,
  alts = {},
  title,
  shown = null,
}: {
  images: string[];
  alts?: Record<string, string>;
  title: string;
  shown?: string | null;
}) {
  const [index, setIndex] = useState(() => Math.max(0, shown ? images.indexOf(shown) : 0));
  // Another variant's picture: shown once, when it is chosen; the thumbnails still switch freely afterwards.
  const [followed, setFollowed] = useState(shown);
  if (shown !== followed) {
    setFollowed(shown);
    if (shown && images.includes(shown)) setIndex(images.indexOf(shown));
  }
  const current = images[index] ?? null;
  const fallbackAlt = images.length > 1 ? `${title}, image ${index + 1} of ${images.length}` : title;
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-lg bg-card">
        <ProductImage
          url={current}
          alt={(current && alts[current]) || fallbackAlt}
          size={1024}
          sizes="(min-width: 1024px) 50vw, 100vw"
          loading="priority"
        />
      </div>
      {images.length > 1 ? (
        <ul className="flex gap-3" aria-label="Product images">
          {images.map((url, i) => (
            <li key={url} className="w-20">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-pressed={i === index}
                // The button holds the square (a button does not stretch on its own; an alt="" image that has not loaded
                // yet has no height).
                className={`block aspect-square w-full overflow-hidden rounded border-2 ${i === index ? "border-primary" : "border-transparent"}`}
              >
                <ProductImage url={url} alt="" size={728} sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
