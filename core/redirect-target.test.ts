import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redirectPath } from "./redirect-target";

const SHOP = "http://shop.example";

describe("a redirect's target from input", () => {
  it.each([
    ["a tab between two slashes", "/\t/evil.example"],
    ["a newline between two slashes", "/\n/evil.example"],
    ["a carriage return between two slashes", "/\r/evil.example"],
    ["two slashes", "//evil.example"],
    ["a backslash", "/\\evil.example"],
    ["another origin", "https://evil.example/admin"],
    ["the shop's host on another scheme", "https://shop.example/admin"],
    ["another port", "http://shop.example:8080/admin"],
    ["a javascript: address", "javascript:alert(1)"],
    ["a data: address", "data:text/html,<script>alert(1)</script>"],
    ["dot segments that leave two slashes", "/.//evil.example"],
    ["a parent segment that leaves two slashes", "/a/..//evil.example"],
    ["dot segments that leave two slashes and no host", "/.//"],
    ["no value", null],
    ["an empty value", ""],
  ])("falls back on %s", (_, requested) => {
    expect(redirectPath(requested, SHOP, "/admin")).toBe("/admin");
  });

  it("keeps a path of the shop, its query and fragment", () => {
    expect(redirectPath("/admin/orders?x=1", SHOP, "/admin")).toBe("/admin/orders?x=1");
    expect(redirectPath("/admin/orders?x=1#line-2", SHOP, "/admin")).toBe("/admin/orders?x=1#line-2");
    expect(redirectPath("http://shop.example/admin/audit", SHOP, "/admin")).toBe("/admin/audit");
  });

  it("answers the path as parsed: line breaks gone, spaces and quotes percent-encoded", () => {
    expect(redirectPath("/admin/orders\r\nSet-Cookie: a=b", SHOP, "/admin")).toBe("/admin/ordersSet-Cookie:%20a=b");
    expect(redirectPath('/search?q=a "b"', SHOP, "/")).toBe("/search?q=a%20%22b%22");
  });

  it("accepts any of the shop's origins and answers the path alone", () => {
    const origins = ["http://shop.example", "https://shop.example"];
    expect(redirectPath("https://shop.example/contact?x=1", origins, "/")).toBe("/contact?x=1");
    expect(redirectPath("https://evil.example/contact", origins, "/")).toBe("/");
  });

  it("never answers a value a browser would leave the shop for, nor one a header cannot carry", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.webPath(), fc.string({ unit: "binary" })), (requested) => {
        const path = redirectPath(requested, SHOP, "/fallback");
        expect(new URL(path, SHOP).origin).toBe(SHOP);
        expect(path).toMatch(/^\/(?!\/)[\x21-\x7e]*$/);
      }),
      { numRuns: 2000 },
    );
  });
});
