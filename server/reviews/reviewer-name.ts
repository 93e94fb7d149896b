/**
 * The name a published review shows: the reviewer's first name and the initial of their last ('Priya N.'), as the
 * demo reviews read. A verified review stores the order's full name (the owner sees it); shoppers see only this.
 */
export function publicReviewerName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "Verified buyer";
  if (words.length === 1) return words[0];
  // A name already short ('Priya N.') comes out the same.
  const initial = [...words.at(-1)!][0].toLocaleUpperCase();
  return `${words[0]} ${initial}.`;
}
