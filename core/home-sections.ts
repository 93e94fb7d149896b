/**
 * The home page's sections, in the order the demo shop shows them: the store setting `homeSections` orders them and
 * hides some.
 */
export const HOME_SECTION_KEYS = [
  "titleBanner",
  "textWithImage",
  "featured",
  "products",
  "imageBand",
  "testimonials",
  "reviews",
  "discount",
] as const;
export type HomeSectionKey = (typeof HOME_SECTION_KEYS)[number];
export type HomeSection = { key: HomeSectionKey; visible: boolean };

export const DEFAULT_HOME_SECTIONS: HomeSection[] = HOME_SECTION_KEYS.map((key) => ({ key, visible: true }));

/**
 * Every section once, in the stored order, with any section the stored list does not name (one added by a later
 * version) after them, shown: a shop's saved order never hides what it has never seen.
 */
export function homeSectionOrder(stored: readonly HomeSection[] | undefined): HomeSection[] {
  const listed = stored ?? [];
  const named = new Set(listed.map((section) => section.key));
  return [...listed, ...DEFAULT_HOME_SECTIONS.filter((section) => !named.has(section.key))];
}

/** The keys of the sections the home page shows, top to bottom. */
export const shownHomeSections = (stored: readonly HomeSection[] | undefined): HomeSectionKey[] =>
  homeSectionOrder(stored)
    .filter((section) => section.visible)
    .map((section) => section.key);
