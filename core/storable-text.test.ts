import { describe, expect, it } from "vitest";
import { findUnstorableText, hasUnstorableText } from "./storable-text";

describe("text the database can store", () => {
  it.each([
    ["a NUL character", "a\u0000b"],
    ["a lone high surrogate", "a\ud800b"],
    ["a lone low surrogate", "a\udc00b"],
    ["a high surrogate at the end", "ab\ud83d"],
  ])("refuses %s", (_, text) => {
    expect(hasUnstorableText(text)).toBe(true);
  });

  it.each([["plain text", "Sam Shopper"], ["an emoji (a surrogate pair)", "☕ 😀"], ["an empty string", ""]])("accepts %s", (_, text) => {
    expect(hasUnstorableText(text)).toBe(false);
  });

  it("names the path of the first string it cannot store, keys included", () => {
    expect(findUnstorableText({ a: "ok", b: [{ c: "ok" }, { c: "x\u0000" }] })).toEqual(["b", 1, "c"]);
    expect(findUnstorableText({ attributes: { "Size\u0000": "L" } })).toEqual(["attributes", "Size\u0000"]);
    expect(findUnstorableText({ a: 1, b: null, c: ["fine"] })).toBeNull();
  });
});
