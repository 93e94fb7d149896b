/**
 * Pages start their hydration scripts once the browser has painted them (decision 0015).
 *
 * React Router's document asks for every script of the page in its head (`<link rel="modulepreload">`) and runs them
 * from one inline module script at the end of the body. Here the preload links leave the head and the module script
 * becomes a small classic script that adds both back once the browser reports the first paint: the document, its
 * stylesheet (inlined) and the image preloaded in its head have the connection to themselves until the page is on
 * screen. A browser that does not report paints starts them two frames in; a tab that is or goes into the
 * background, which paints nothing, starts them at once.
 */

import { REPLAY_EARLY_CLICKS } from "../../core/early-clicks";

// React Router writes the page's CSP nonce (server/http/security-headers.ts) on its preloads and its scripts.
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;
const MODULE_SCRIPT_OPEN = /<script(?: nonce="([^"]*)")? type="module" async="">/;
const SCRIPT_CLOSE = "</script>";

/**
 * The classic script that starts the module script `code` and its preloads `hrefs` after the first paint, both
 * allowed by the page's Content-Security-Policy through its `nonce` when there is one. Until the
 * app is hydrated it also holds clicks on buttons that only JavaScript can act on (`type="button"`; links and form
 * buttons work without it), and the app acts on them once hydrated (useReplayEarlyClicks), so a press that comes
 * before the scripts is not lost.
 */
export function startAfterPaintScript(code: string, hrefs: string[], nonce?: string): string {
  // JSON inside a script element: "<" escaped, so no "</script>" or "<!--" in the data can end it early.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  return (
    `<script${nonceAttribute}>(function(code,hrefs,nonce){var early=[];function hold(event){var button=event.target.closest&&` +
    `event.target.closest('button[type="button"]');if(button&&!button.disabled){event.preventDefault();` +
    `event.stopImmediatePropagation();early.push(button)}}document.addEventListener("click",hold,true);` +
    `window[${json(REPLAY_EARLY_CLICKS)}]=function(){delete window[${json(REPLAY_EARLY_CLICKS)}];` +
    `document.removeEventListener("click",hold,true);` +
    `early.splice(0).forEach(function(button){if(button.isConnected&&!button.disabled)button.click()})};` +
    `function start(){hrefs.forEach(function(href){var link=document.createElement("link");` +
    `link.rel="modulepreload";link.href=href;document.head.appendChild(link)});var script=document.createElement("script");` +
    `script.type="module";if(nonce)script.nonce=nonce;script.textContent=code;document.body.appendChild(script)}` +
    `var started=false;function startOnce(){if(!started){started=true;start()}}` +
    `if(document.visibilityState!=="visible")return startOnce();document.addEventListener("visibilitychange",startOnce);` +
    `if((PerformanceObserver.supportedEntryTypes||[]).indexOf("paint")<0)return requestAnimationFrame(function(){requestAnimationFrame(startOnce)});` +
    `new PerformanceObserver(function(list,observer){observer.disconnect();startOnce()}).observe({type:"paint",buffered:true})})` +
    `(${json(code)},${json(hrefs)},${json(nonce ?? "")})</script>`
  );
}

/**
 * Rewrites a streamed HTML document as above. The preload links come in the head and the module script after the
 * page's markup, each whole in React Router's own spelling; text is held back only while a tag may be cut between
 * two chunks, or while the module script is still arriving.
 */
export function hydrationAfterPaint(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const hrefs: string[] = [];
  let pending = "";

  /** The part of `pending` that can go out now, with the preloads taken out and the module script rewritten. */
  function release(final: boolean): string {
    let out = "";
    const open = MODULE_SCRIPT_OPEN.exec(pending);
    if (open) {
      const moduleAt = open.index;
      const closeAt = pending.indexOf(SCRIPT_CLOSE, moduleAt);
      if (closeAt === -1 && !final) {
        out = withoutPreloads(pending.slice(0, moduleAt));
        pending = pending.slice(moduleAt);
        return out;
      }
      if (closeAt !== -1) {
        const code = pending.slice(moduleAt + open[0].length, closeAt);
        out = withoutPreloads(pending.slice(0, moduleAt)) + startAfterPaintScript(code, hrefs, open[1]);
        pending = pending.slice(closeAt + SCRIPT_CLOSE.length);
        return out + release(final);
      }
    }
    // Hold back from the last "<" on, in case it starts a preload link or the module script cut in two.
    const cut = final ? pending.length : safeCut(pending);
    out = withoutPreloads(pending.slice(0, cut));
    pending = pending.slice(cut);
    return out;
  }

  function withoutPreloads(text: string): string {
    return text.replace(MODULE_PRELOAD, (_tag, href: string) => {
      hrefs.push(href);
      return "";
    });
  }

  return new TransformStream({
    transform(chunk, controller) {
      pending += decoder.decode(chunk, { stream: true });
      const out = release(false);
      if (out) controller.enqueue(encoder.encode(out));
    },
    flush(controller) {
      pending += decoder.decode();
      const out = release(true);
      if (out) controller.enqueue(encoder.encode(out));
    },
  });
}

/** Where text can be cut without splitting a tag: before the last "<" that has no ">" after it. */
function safeCut(text: string): number {
  const lastOpen = text.lastIndexOf("<");
  return lastOpen !== -1 && text.indexOf(">", lastOpen) === -1 ? lastOpen : text.length;
}
