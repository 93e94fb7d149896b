import { describe, expect, it } from "vitest";
import { derivativeSrcSet, derivativeUrl, imageCandidates, PLACEHOLDER_IMAGE } from "./images";

describe("image fallback chain", () => {
  it("tries the sized derivative, the webp, the original, then the placeholder", () => {
    expect(imageCandidates("/images/products/mug-1.jpg", 728)).toEqual([
      "/images/products/mug-1_728.webp",
      "/images/products/mug-1.webp",
      "/images/products/mug-1.jpg",
      PLACEHOLDER_IMAGE,
    ]);
    expect(derivativeUrl("/images/products/mug-1.jpg", 1024)).toBe("/images/products/mug-1_1024.webp");
  });

  it("does not repeat a webp original and falls back to the placeholder without a URL", () => {
    expect(imageCandidates("/a/b.webp", 728)).toEqual(["/a/b_728.webp", "/a/b.webp", PLACEHOLDER_IMAGE]);
    expect(imageCandidates(null, 1024)).toEqual([PLACEHOLDER_IMAGE]);
  });

  it("offers both derivatives to the browser", () => {
    expect(derivativeSrcSet("/x.jpg")).toBe("/x_728.webp 728w, /x_1024.webp 1024w");
  });
});
