import { describe, expect, it } from "vitest";
import { ALL_PRODUCTS, isListingPath, listingHeading, listingOf, listingPath, navigationHref } from "./navigation";

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

describe("listingOf", () => {
  const of = (address: string) => listingOf(new URL(address, "http://shop.test"));
  it("reads the query from the path, then from ?query=, else every product", () => {
    expect(of("/search/green%20tea?type=search")).toEqual({ query: "green tea", type: "search" });
    expect(of("/search?query=tea&type=search")).toEqual({ query: "tea", type: "search" });
    expect(of("/shop")).toEqual({ query: ALL_PRODUCTS, type: "collection-search" });
  });
  it("keeps a malformed path segment as it is", () => {
    expect(of("/search/100%")).toEqual({ query: "100%", type: "collection-search" });
  });
});

describe("listingPath", () => {
  it("names /shop for every product", () => {
    expect(listingPath({ query: ALL_PRODUCTS, type: "collection-search" })).toBe("/shop");
  });
  it("gives every spelling of one keyword search one address", () => {
    expect(listingPath({ query: "  Green   TEA ", type: "search" })).toBe("/search?query=green+tea&type=search");
    expect(listingPath(listingOf(new URL("http://shop.test/shop?query=green+tea&type=search")))).toBe(
      "/search?query=green+tea&type=search",
    );
  });
  it("keeps a collection's name", () => {
    expect(listingPath({ query: "brewing-gear", type: "collection-search" })).toBe(
      "/search?query=brewing-gear&type=collection-search",
    );
  });
});

describe("isListingPath", () => {
  it("knows the listing routes and nothing else", () => {
    expect(["/search", "/search/tea", "/shop", "/shop/"].every(isListingPath)).toBe(true);
    expect(["/shopping", "/search/tea/more", "/products/tea"].some(isListingPath)).toBe(false);
  });
});

describe("listingHeading (decision 0018)", () => {
  it("heads a category the shop has by its name", () => {
    expect(listingHeading({ query: "drinkware", type: "collection-search" }, "Mugs & Drinkware")).toBe("Mugs & Drinkware");
  });
  it("keeps 'All Products' for every product and for a collection the shop does not have", () => {
    expect(listingHeading({ query: ALL_PRODUCTS, type: "collection-search" }, "Everything we sell")).toBe("All Products");
    expect(listingHeading({ query: "nothing-here", type: "collection-search" }, null)).toBe("All Products");
  });
  it("keeps the spec's heading for a search, whatever collection shares its words", () => {
    expect(listingHeading({ query: "coffee", type: "search" }, "Coffee")).toBe("Search Results: coffee");
  });
});
