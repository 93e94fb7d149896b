import { describe, expect, it } from "vitest";
import { cleanDescriptionHtml } from "./description-html";

describe("cleanDescriptionHtml", () => {
  it("keeps paragraphs, lists, emphasis, headings and links", () => {
    const html = '<h2>Tasting notes</h2><p>Rich <strong>cocoa</strong>, <em>cherry</em> and <b>bold</b> <i>body</i>.<br />Brew hot.</p><ul><li>One</li></ul><ol><li>Two</li></ol>';
    expect(cleanDescriptionHtml(html)).toBe(html);
  });

  it("removes scripts, styles, frames, pictures and every event handler, with their content", () => {
    const cleaned = cleanDescriptionHtml(
      '<p onclick="steal()">Hi<script>alert(1)</script></p><style>p{color:red}</style><iframe src="https://evil.example"></iframe><img src="x" onerror="alert(1)"><div class="x">text</div>',
    );
    expect(cleaned).toBe("<p>Hi</p>text");
    expect(cleaned).not.toMatch(/script|onerror|onclick|iframe|img|style/i);
  });

  it("keeps http, https, mailto and relative links, marked noopener noreferrer, and drops any other address", () => {
    expect(cleanDescriptionHtml('<a href="https://example.com/a?b=1" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com/a?b=1" rel="noopener noreferrer">x</a>',
    );
    expect(cleanDescriptionHtml('<a href="/products/house-blend">x</a>')).toBe('<a href="/products/house-blend" rel="noopener noreferrer">x</a>');
    expect(cleanDescriptionHtml('<a href="mailto:hello@example.com">x</a>')).toBe('<a href="mailto:hello@example.com" rel="noopener noreferrer">x</a>');
    for (const address of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<script>alert(1)</script>", "//evil.example"]) {
      expect(cleanDescriptionHtml(`<a href="${address}">x</a>`)).toBe('<a rel="noopener noreferrer">x</a>');
    }
  });

  it("leaves plain text as it is, escaped", () => {
    expect(cleanDescriptionHtml("Beans & love < 3")).toBe("Beans &amp; love &lt; 3");
  });
});
