/**
 * A description's words without its markup, for what cannot hold HTML: the page's meta description, Open Graph and
 * the search engines' product data. Reads descriptions already cleaned (description-html.ts), whose text has only
 * entities where markup characters were.
 */
const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntity(entity: string, name: string): string {
  if (name.startsWith("#")) {
    const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  }
  return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
}

export function descriptionText(html: string): string {
  return (
    html
      // The end of a paragraph, item or heading, and a line break, part words the markup alone kept apart.
      .replace(/<(?:br|\/p|\/li|\/h[1-6])\b[^>]*>/gi, " ")
      .replace(/<[^>]*>/g, "")
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, decodeEntity)
      .replace(/\s+/g, " ")
      .trim()
  );
}
