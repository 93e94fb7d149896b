/**
 * A product's description is HTML the owner (or a Shopify export) wrote, shown on its page as it is. Only a safe
 * subset is kept when it is saved: paragraphs, line breaks, lists, emphasis, headings and links; every other
 * element, every attribute but a link's address, and any address that is not http(s), mailto or relative are
 * removed, so no script ever reaches a page however the description arrived.
 */
import sanitizeHtml from "sanitize-html";
import { LINK_SCHEMES } from "../../core/links";

/** What the admin screens tell the owner is kept. */
export const DESCRIPTION_ALLOWED_TAGS = ["p", "br", "ul", "ol", "li", "strong", "em", "b", "i", "a", "h2", "h3", "h4"];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: DESCRIPTION_ALLOWED_TAGS,
  // rel is the one the transform below sets, whatever the link said.
  allowedAttributes: { a: ["href", "rel"] },
  // The owner's one link rule (core/links.ts), which the menu and social links follow too.
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Script and style content is dropped with its element, never left behind as text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template"],
  transformTags: {
    // A link leaves the shop without handing it the opener or the page's address.
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }),
  },
};

export function cleanDescriptionHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
