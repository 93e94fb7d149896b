/** Notices of the pictures screen after its redirect, as the other screens' (notices.ts). */
import { noticeTable } from "./notices";

export const PICTURE_NOTICES = noticeTable({
  "pictures-added": "Pictures added.",
  "picture-saved": "Alt text saved.",
  "picture-moved": "Picture moved.",
  "picture-removed": "Picture removed.",
  "variant-pictures-saved": "Variant pictures saved.",
});
