import { describe, expect, it } from "vitest";
import { applyIntent, changeOf, readDraft, withNewRows } from "./navigation-draft";

const posted = {
  "navbar.pages.0.name": "Shop",
  "navbar.pages.0.route": "/shop",
  "navbar.pages.1.name": "",
  "navbar.pages.1.route": "",
  "navbar.pages.1.query": "",
  "navbar.pages.2.name": " Tea ",
  "navbar.pages.2.route": "",
  "navbar.pages.2.query": "tea",
  "navbar.pages.2.type": "search",
  "footer.links.0.name": "Blog",
  "footer.links.0.route": "/blog",
  "footer.sections.0.title": "",
  "footer.sections.0.links.0.name": "",
  "footer.sections.0.links.0.route": "",
  "footer.sections.1.title": "Help",
  "footer.sections.1.links.0.name": "",
  "footer.sections.1.links.0.route": "",
  "footer.sections.1.links.1.name": "Shipping",
  "footer.sections.1.links.1.route": "/pages/shipping",
  "footer.copyright": " Tidewater ",
  "socialLinks.0.network": "tiktok",
  "socialLinks.0.url": "https://www.tiktok.com/@tidewater",
  "socialLinks.1.network": "instagram",
  "socialLinks.1.url": "",
};

describe("the navigation form's draft", () => {
  it("drops the blank rows, and names a refused entry by its place in the form", () => {
    const { change, formPath } = changeOf(readDraft(posted));
    expect(change).toEqual({
      navbar: { displaySearchBar: false, pages: [{ name: "Shop", route: "/shop" }, { name: "Tea", route: "/search", query: "tea", type: "search" }] },
      footer: { links: [{ name: "Blog", route: "/blog" }], sections: [{ title: "Help", links: [{ name: "Shipping", route: "/pages/shipping" }] }], copyright: "Tidewater" },
      socialLinks: [{ network: "tiktok", url: "https://www.tiktok.com/@tidewater" }],
    });
    expect(formPath("navbar.pages.1.query")).toBe("navbar.pages.2.query");
    expect(formPath("footer.sections.0.title")).toBe("footer.sections.1.title");
    expect(formPath("footer.sections.0.links.0.route")).toBe("footer.sections.1.links.1.route");
    expect(formPath("footer.copyright")).toBe("footer.copyright");
  });

  it("moves and removes an entry by its list's path and place, ignoring a move past either end", () => {
    const draft = readDraft(posted);
    expect(applyIntent(draft, "down:navbar.pages:0").pages.map((link) => link.name)).toEqual(["", "Shop", " Tea "]);
    expect(applyIntent(draft, "up:navbar.pages:0")).toBe(draft);
    expect(applyIntent(draft, "remove:footer.sections.1.links:0").sections[1].links).toEqual([{ name: "Shipping", route: "/pages/shipping" }]);
    expect(applyIntent(draft, "remove:footer.sections:7")).toBe(draft);
    expect(applyIntent(draft, "drop tables")).toBe(draft);
  });

  it("ends each list with one blank row for a new entry", () => {
    const shown = withNewRows(readDraft(posted));
    expect(shown.pages).toHaveLength(4);
    expect(shown.socialLinks).toEqual([{ network: "tiktok", url: "https://www.tiktok.com/@tidewater" }, { network: "instagram", url: "" }]);
    expect(shown.sections.map((section) => section.links.length)).toEqual([1, 3, 1]);
  });
});
