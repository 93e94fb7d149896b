/**
 * Text contrast as WCAG 2 measures it (relative luminance, https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio), so the
 * back office can refuse a colour pair no shopper could read. Pure: the admin's forms and the settings' write path
 * share it.
 */

/** WCAG AA for normal text. */
export const MINIMUM_TEXT_CONTRAST = 4.5;

type Rgba = { r: number; g: number; b: number; a: number };

/** #rgb, #rgba, #rrggbb or #rrggbbaa as 0–255 channels and an alpha of 0–1; null for anything else. */
export function parseHexColour(colour: string): Rgba | null {
  const digits = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(colour.trim())?.[1];
  if (!digits) return null;
  const full = digits.length <= 4 ? [...digits].map((digit) => digit + digit).join("") : digits;
  const channel = (index: number) => parseInt(full.slice(index * 2, index * 2 + 2), 16);
  return { r: channel(0), g: channel(1), b: channel(2), a: full.length === 8 ? channel(3) / 255 : 1 };
}

/** A translucent colour as it shows over another (opaque) one. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (a: number, b: number) => a * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

function luminance({ r, g, b }: Rgba): number {
  const linear = (value: number) => {
    const channel = value / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/**
 * The contrast ratio (1 to 21) of text in `text` on `background`; null when either is not a hex colour. A translucent
 * background is taken over the white page, translucent text over its background, as a browser paints them.
 */
export function contrastRatio(text: string, background: string): number | null {
  const foreground = parseHexColour(text);
  const behind = parseHexColour(background);
  if (!foreground || !behind) return null;
  const ground = over(behind, WHITE);
  const lighter = Math.max(luminance(over(foreground, ground)), luminance(ground));
  const darker = Math.min(luminance(over(foreground, ground)), luminance(ground));
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * A ratio as the owner is told it: rounded down to one decimal, so a pair just under the minimum never reads as
 * meeting it (4.49 shows as 4.4, not 4.5).
 */
export function formatContrast(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}

/** Why a pair is refused, or null when its text is readable. */
export function contrastProblem(text: string, background: string, what: string): string | null {
  const ratio = contrastRatio(text, background);
  if (ratio === null) return "must be a hex colour such as #1f2937";
  if (ratio >= MINIMUM_TEXT_CONTRAST) return null;
  return `Contrast ${formatContrast(ratio)} is below ${MINIMUM_TEXT_CONTRAST}:1 for ${what}; choose a darker or lighter colour`;
}
