/**
 * The image fallback chain (docs/product.md, Image variants): a sized webp derivative first (`_728.webp` on cards and
 * in the cart, `_1024.webp` on product pages), then the plain `.webp`, then the original, then a placeholder.
 * Derivatives are named by replacing the file extension.
 */
import { useCallback, useEffect, useRef, useState } from "react";

export type ImageSize = 728 | 1024;

/**
 * How soon an image loads: `priority` for the one image that is the page's largest paint (fetched first, and React
 * preloads it from the head), `eager` for others in the first screen, `lazy` for the rest.
 */
export type ImageLoading = "priority" | "eager" | "lazy";

export function loadingAttributes(loading: ImageLoading) {
  return {
    loading: loading === "lazy" ? ("lazy" as const) : ("eager" as const),
    fetchPriority: loading === "priority" ? ("high" as const) : undefined,
  };
}

/** The seed's product images are square; callers with other shapes pass their own dimensions. */
export const SQUARE = { width: 1200, height: 1200 } as const;

/** A neutral square drawn inline, so the last step of the chain cannot fail to load. */
export const PLACEHOLDER_IMAGE =
  "data:image/svg+xml;charset=utf-8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600"><rect width="600" height="600" fill="#e5e1da"/><path d="M190 390l80-100 60 70 40-45 70 75z" fill="#b9b2a6"/><circle cx="380" cy="230" r="30" fill="#b9b2a6"/></svg>',
  );

const stem = (url: string) => url.replace(/\.[a-z0-9]+$/i, "");

/** `/images/x.jpg` -> `/images/x_728.webp`. */
export function derivativeUrl(url: string, size: ImageSize): string {
  return `${stem(url)}_${size}.webp`;
}

/** Every URL worth trying for `url`, best first, without repeats; the placeholder always ends the list. */
export function imageCandidates(url: string | null | undefined, size: ImageSize): string[] {
  if (!url) return [PLACEHOLDER_IMAGE];
  return [...new Set([derivativeUrl(url, size), `${stem(url)}.webp`, url, PLACEHOLDER_IMAGE])];
}

/** Both derivatives, so a high-density screen may take the larger one while a narrow card takes the smaller. */
export function derivativeSrcSet(url: string): string {
  return `${derivativeUrl(url, 728)} 728w, ${derivativeUrl(url, 1024)} 1024w`;
}

export type FallbackImageProps = {
  src: string;
  srcSet: string | undefined;
  onError: () => void;
  ref: (element: HTMLImageElement | null) => void;
};

/**
 * Props for an `<img>` that walks the fallback chain on load errors. Spread them with explicit `width`/`height`
 * (or an aspect-ratio box) so the page does not shift: `<img {...useImageFallback(url, 728)} width={..} height={..} alt=".." />`.
 */
export function useImageFallback(url: string | null | undefined, size: ImageSize): FallbackImageProps {
  const candidates = imageCandidates(url, size);
  const key = candidates.join("|");
  const [state, setState] = useState({ key, step: 0 });
  const step = state.key === key ? state.step : 0;
  const element = useRef<HTMLImageElement | null>(null);

  const advance = useCallback(() => {
    setState((current) => {
      const currentStep = current.key === key ? current.step : 0;
      return { key, step: Math.min(currentStep + 1, candidates.length - 1) };
    });
    // `candidates` is derived from `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // An image that failed before hydration fired its error event before React listened; catch it up here.
  useEffect(() => {
    const img = element.current;
    if (img && img.complete && img.naturalWidth === 0 && step < candidates.length - 1) advance();
  }, [advance, step, candidates.length]);

  const src = candidates[step];
  return {
    src,
    // Only the first step is a derivative; later steps must not let the browser pick a derivative again.
    srcSet: step === 0 && url && src !== PLACEHOLDER_IMAGE ? derivativeSrcSet(url) : undefined,
    onError: advance,
    ref: (img) => {
      element.current = img;
    },
  };
}
