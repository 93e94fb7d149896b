/**
 * Text PostgreSQL can store: a NUL character is refused by every text column ("invalid byte sequence"), so a request
 * carrying one failed with a 500 part-way through; an unpaired surrogate is no character at all and would be stored
 * silently changed to U+FFFD. Both are refused at the edge instead, naming where they were found.
 */
export const UNSTORABLE_TEXT_MESSAGE = "must not contain NUL characters or unpaired surrogates";

// The NUL is what is looked for, so the control character in the pattern is meant.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasUnstorableText(text: string): boolean {
  return UNSTORABLE.test(text);
}

/** The path of the first string in `value` (object keys included) that cannot be stored, or null if all can. */
export function findUnstorableText(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === "string") return hasUnstorableText(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (hasUnstorableText(key)) return [...path, key];
      const found = findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
