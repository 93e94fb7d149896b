import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hydrationAfterPaint, startAfterPaintScript } from "./hydration-after-paint";

/** The parts of a React Router document that the rewrite touches, spelled as React Router writes them. */
const MODULE_CODE = ';\nimport * as route0 from "/assets/root-1.js";\nwindow.__x = "</b>";\nimport("/assets/entry.client-1.js");';
const DOCUMENT =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-1.js"/><link rel="modulepreload" href="/assets/framework-1.js"/>' +
  '<link rel="preload" as="image" href="/images/a_728.webp" fetchPriority="high"/><style>a>b{color:red}</style></head>' +
  '<body><main><h1>House Blend</h1><img src="/images/a_728.webp" alt=""/></main>' +
  '<script>window.__reactRouterContext = {"state":"<\\/script>"};</script>' +
  `<script type="module" async="">${MODULE_CODE}</script>` +
  "<script>window.__reactRouterContext.streamController.close();</script></body></html>";

const EXPECTED =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="preload" as="image" href="/images/a_728.webp" fetchPriority="high"/><style>a>b{color:red}</style></head>' +
  '<body><main><h1>House Blend</h1><img src="/images/a_728.webp" alt=""/></main>' +
  '<script>window.__reactRouterContext = {"state":"<\\/script>"};</script>' +
  startAfterPaintScript(MODULE_CODE, ["/assets/entry.client-1.js", "/assets/framework-1.js"]) +
  "<script>window.__reactRouterContext.streamController.close();</script></body></html>";

/** The document sent through the rewrite in chunks cut at `cuts` (byte offsets). */
async function rewrite(text: string, cuts: number[]): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  const offsets = [0, ...[...new Set(cuts)].filter((cut) => cut > 0 && cut < bytes.length).sort((a, b) => a - b), bytes.length];
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i + 1 < offsets.length; i++) controller.enqueue(bytes.slice(offsets[i], offsets[i + 1]));
      controller.close();
    },
  });
  return new Response(source.pipeThrough(hydrationAfterPaint())).text();
}

describe("hydrationAfterPaint", () => {
  it("takes the module preloads out of the head and starts them with the module script after the first paint", async () => {
    expect(await rewrite(DOCUMENT, [])).toBe(EXPECTED);
  });

  it("rewrites the same wherever the stream is cut, even inside a tag or a multi-byte character", async () => {
    const withAccent = DOCUMENT.replace("House Blend", "Café Crème");
    const expected = EXPECTED.replace("House Blend", "Café Crème");
    const length = new TextEncoder().encode(withAccent).length;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: length - 1 }), { maxLength: 12 }), async (cuts) => {
        expect(await rewrite(withAccent, cuts)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps the page's CSP nonce on the script it writes and gives it to the module script it starts", async () => {
    const nonce = "r4nd0m+N0nce/=";
    const withNonce = DOCUMENT.replace(/<link rel="modulepreload" href="([^"]+)"\/>/g, `<link rel="modulepreload" href="$1" nonce="${nonce}"/>`)
      .replace(/<script>/g, `<script nonce="${nonce}">`)
      .replace('<script type="module" async="">', `<script nonce="${nonce}" type="module" async="">`);
    const expected = EXPECTED.replace(/<script>/g, `<script nonce="${nonce}">`).replace(
      `<script nonce="${nonce}">${startAfterPaintScript(MODULE_CODE, ["/assets/entry.client-1.js", "/assets/framework-1.js"]).slice("<script>".length)}`,
      startAfterPaintScript(MODULE_CODE, ["/assets/entry.client-1.js", "/assets/framework-1.js"], nonce),
    );
    const rewritten = await rewrite(withNonce, [37, 400, 700]);
    expect(rewritten).toBe(expected);
    expect(rewritten).not.toContain(`<link rel="modulepreload"`);
    // Every script element of the page carries the nonce; the started module script is given it too.
    expect(rewritten.match(/<script[ >]/g)).toHaveLength(rewritten.match(new RegExp(`<script nonce="${nonce.replace(/[+/]/g, "\\$&")}">`, "g"))!.length);
    expect(startAfterPaintScript(MODULE_CODE, [], nonce)).toContain("script.nonce=nonce");
    expect(startAfterPaintScript(MODULE_CODE, [], nonce).endsWith(`,${JSON.stringify(nonce)})</script>`)).toBe(true);
  });

  it("leaves a document without hydration scripts as it is", async () => {
    const plain = "<!DOCTYPE html><html><head></head><body><p>Not found</p></body></html>";
    expect(await rewrite(plain, [20, 40])).toBe(plain);
  });

  it("keeps the module code from closing its script element early", () => {
    const script = startAfterPaintScript('window.x = "</script><script>alert(1)</script>";', ["/a.js"]);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script.endsWith("</script>")).toBe(true);
  });
});
