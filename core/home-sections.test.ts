import { describe, expect, it } from "vitest";
import { DEFAULT_HOME_SECTIONS, HOME_SECTION_KEYS, homeSectionOrder, shownHomeSections } from "./home-sections";

describe("homeSectionOrder", () => {
  it("is today's order, every section shown, for a shop that never chose one", () => {
    expect(homeSectionOrder(undefined)).toEqual(HOME_SECTION_KEYS.map((key) => ({ key, visible: true })));
  });

  it("keeps the stored order and visibility, and shows the sections it does not name after them", () => {
    const stored = [
      { key: "testimonials", visible: true },
      { key: "titleBanner", visible: false },
    ] as const;
    const order = homeSectionOrder(stored);
    expect(order.slice(0, 2)).toEqual(stored);
    expect(order.slice(2)).toEqual(DEFAULT_HOME_SECTIONS.filter((section) => section.key !== "testimonials" && section.key !== "titleBanner"));
  });
});

describe("shownHomeSections", () => {
  it("leaves the hidden sections out", () => {
    expect(shownHomeSections([{ key: "discount", visible: true }, { key: "reviews", visible: false }])).toEqual([
      "discount",
      ...HOME_SECTION_KEYS.filter((key) => key !== "discount" && key !== "reviews"),
    ]);
  });
});
