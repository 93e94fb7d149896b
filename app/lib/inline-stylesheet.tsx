/**
 * The shop's one stylesheet (Tailwind, about 7 KB compressed) travels inside the HTML instead of behind a <link>:
 * a first visit paints as soon as the document is parsed rather than a round trip later (on a phone network the
 * difference between about 1 s and 2 s to first paint), and every later page comes by client-side navigation,
 * which fetches data, never a document, so the stylesheet is not downloaded again.
 */
import { useCspNonce } from "./csp-nonce";

const STYLE_ID = "shop-stylesheet";

// The server takes the compiled stylesheet from the build; the browser hydrates against the copy the server sent.
const css: string = import.meta.env.SSR
  ? (await import("../app.css?inline")).default
  : (document.getElementById(STYLE_ID)?.textContent ?? "");

// In development Vite's own copy of the stylesheet follows edits; the inlined one is as of the page's load.
if (import.meta.env.DEV && !import.meta.env.SSR) void import("../app.css");

export function InlineStylesheet() {
  // The page's CSP allows inline style elements by their nonce; the browser hides it once parsed, hence no warning.
  const nonce = useCspNonce();
  return <style id={STYLE_ID} nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}
