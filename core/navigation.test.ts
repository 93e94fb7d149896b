import { describe, expect, it } from "vitest";
import { navigationHref } from "./navigation";

describe("navigationHref", () => {
  it("keeps plain routes", () => {
    expect(navigationHref({ name: "Shop", route: "/shop" })).toBe("/shop");
  });
  it("sends query links to the search page with collection-search by default", () => {
    expect(navigationHref({ name: "Tea", route: "/search", query: "loose tea" })).toBe(
      "/search?query=loose+tea&type=collection-search",
    );
  });
  it("keeps a configured type", () => {
    expect(navigationHref({ name: "Tea", route: "/search", query: "tea", type: "search" })).toBe(
      "/search?query=tea&type=search",
    );
  });
  it("uses /shop in the side menu", () => {
    expect(navigationHref({ name: "Tea", route: "/search", query: "tea" }, "side-menu")).toBe(
      "/shop?query=tea&type=collection-search",
    );
  });
});
