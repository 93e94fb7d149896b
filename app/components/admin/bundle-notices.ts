/**
 * The bundle and collection screens' successes, told after their redirect as the other screens' are
 * (components/admin/notices.ts): the address carries a key only, so no link can make the page say words of its own.
 */
export const MERCHANDISING_NOTICES = {
  "bundle-saved": "Bundle saved; the shop shows it now.",
  "bundle-deleted": "Bundle deleted.",
  "pictures-added": "Pictures added.",
  "collection-saved": "Collection saved; the shop shows it now.",
  "collection-deleted": "Collection deleted.",
} as const;

export type MerchandisingNotice = keyof typeof MERCHANDISING_NOTICES;

export function merchandisingNoticeOf(url: URL): string | null {
  const key = url.searchParams.get("notice");
  return key !== null && Object.hasOwn(MERCHANDISING_NOTICES, key) ? MERCHANDISING_NOTICES[key as MerchandisingNotice] : null;
}

export const withMerchandisingNotice = (path: string, key: MerchandisingNotice) => `${path}?notice=${key}`;
