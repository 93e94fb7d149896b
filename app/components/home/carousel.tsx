import useEmblaCarousel from "embla-carousel-react";
import { useEffect, useState } from "react";

/**
 * The spec's carousel (section 9): loops, scrolls one slide at a time, shows 1, 2 or 3 slides under 640, from 640
 * and from 1024 px, with arrows when there is more than one item. Embla's own defaults (align center, drag
 * threshold 10, duration 25) are left as they are.
 */
export function Carousel({ label, slides }: { label: string; slides: React.ReactNode[] }) {
  const [viewport, api] = useEmblaCarousel({ loop: true, slidesToScroll: 1 });
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!api) return;
    const update = () => setSelected(api.selectedScrollSnap());
    update();
    api.on("select", update).on("reInit", update);
    return () => {
      api.off("select", update).off("reInit", update);
    };
  }, [api]);

  const count = slides.length;
  return (
    <div role="region" aria-roledescription="carousel" aria-label={label} className="relative">
      <div ref={viewport} className="overflow-hidden">
        <div className="-ml-4 flex touch-pan-y">
          {slides.map((slide, i) => (
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              className="min-w-0 shrink-0 grow-0 basis-full pl-4 sm:basis-1/2 lg:basis-1/3"
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {count > 1 ? (
        <div className="mt-4 flex items-center justify-center gap-4">
          <button
            type="button"
            aria-label={`Previous (${label})`}
            onClick={() => api?.scrollPrev()}
            className="flex h-10 w-10 items-center justify-center rounded-full bg-button text-xl text-button-ink"
          >
            <span aria-hidden="true">‹</span>
          </button>
          <p aria-live="polite" className="min-w-16 text-center text-sm">
            {selected + 1} / {count}
          </p>
          <button
            type="button"
            aria-label={`Next (${label})`}
            onClick={() => api?.scrollNext()}
            className="flex h-10 w-10 items-center justify-center rounded-full bg-button text-xl text-button-ink"
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
