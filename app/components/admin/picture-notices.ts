/**
 * Notices of the pictures screen after its redirect, as the other screens' (components/admin/notices.ts): the
 * address carries a key only, so no link can make the page say words of its own.
 */
export const PICTURE_NOTICES = {
  "pictures-added": "Pictures added.",
  "picture-saved": "Alt text saved.",
  "picture-moved": "Picture moved.",
  "picture-removed": "Picture removed.",
  "variant-pictures-saved": "Variant pictures saved.",
} as const;

export type PictureNotice = keyof typeof PICTURE_NOTICES;

export function pictureNoticeOf(url: URL): string | null {
  const key = url.searchParams.get("notice");
  return key !== null && Object.hasOwn(PICTURE_NOTICES, key) ? PICTURE_NOTICES[key as PictureNotice] : null;
}

export const withPictureNotice = (path: string, key: PictureNotice) => `${path}?notice=${key}`;
