import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { useEffect, useRef, useState } from "react";
import { useBrowserIdle } from "~/lib/use-browser-idle";

/**
 * Two slides in view cannot be centred on one slide without showing halves of its neighbours, so from 640 to
 * 1023 px the slides align to the start; with one or three in view Embla's centring already shows whole cards.
 */
const OPTIONS: EmblaOptionsType = {
  loop: true,
  slidesToScroll: 1,
  breakpoints: { "(min-width: 640px) and (max-width: 1023.98px)": { align: "start" } },
};

type Move = "previous" | "next";

function go(api: EmblaCarouselType, move: Move) {
  if (move === "next") api.scrollNext();
  else api.scrollPrev();
}

/**
 * The carousel (docs/product.md, Limits and timings): loops, scrolls one slide at a time, shows 1, 2 or 3 slides under
 * 640, from 640 and from 1024 px, with arrows when there is more than one item. Embla's own defaults (align center,
 * drag threshold 10, duration 25) are left as they are, but for the alignment with two slides in view (see OPTIONS).
 * Only whole cards show: each slide pads its card by 8 px on both sides and the viewport reaches 8 px past the
 * section's edges, so the cards line up with the page and their border and shadow are never clipped.
 *
 * The carousels sit below the fold, so Embla is not part of the first load: the slides are server-rendered markup,
 * and Embla takes them over once the browser is idle. An arrow pressed before that loads it at once and the moves
 * are made when it is ready, so the arrows always answer.
 */
export function Carousel({ label, slides }: { label: string; slides: React.ReactNode[] }) {
  const viewport = useRef<HTMLDivElement>(null);
  const idle = useBrowserIdle();
  const [pressedEarly, setPressedEarly] = useState(false);
  const earlyMoves = useRef<Move[]>([]);
  const [api, setApi] = useState<EmblaCarouselType | null>(null);
  const [selected, setSelected] = useState(0);
  const wanted = idle || pressedEarly;

  useEffect(() => {
    const node = viewport.current;
    if (!wanted || !node) return;
    let instance: EmblaCarouselType | null = null;
    let unmounted = false;
    void import("embla-carousel").then(({ default: EmblaCarousel }) => {
      if (unmounted) return;
      instance = EmblaCarousel(node, OPTIONS);
      setApi(instance);
    });
    return () => {
      unmounted = true;
      instance?.destroy();
      setApi(null);
    };
  }, [wanted]);

  useEffect(() => {
    if (!api) return;
    for (const move of earlyMoves.current.splice(0)) go(api, move);
    const update = () => setSelected(api.selectedScrollSnap());
    update();
    api.on("select", update).on("reInit", update);
    return () => {
      api.off("select", update).off("reInit", update);
    };
  }, [api]);

  const press = (move: Move) => {
    if (api) {
      go(api, move);
    } else {
      earlyMoves.current.push(move);
      setPressedEarly(true);
    }
  };

  const count = slides.length;
  return (
    <div role="region" aria-roledescription="carousel" aria-label={label} className="relative">
      <div ref={viewport} className="-mx-2 overflow-hidden">
        <div className="flex touch-pan-y">
          {slides.map((slide, i) => (
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              className="min-w-0 shrink-0 grow-0 basis-full px-2 sm:basis-1/2 lg:basis-1/3"
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
            onClick={() => press("previous")}
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
            onClick={() => press("next")}
            className="flex h-10 w-10 items-center justify-center rounded-full bg-button text-xl text-button-ink"
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
