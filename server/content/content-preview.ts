/**
 * Staff with the content permission read a draft post or page where shoppers will once it is published: the shop's
 * loaders ask here for what a reader may see. A draft is theirs alone (answer it with PREVIEW_HEADERS): never kept by
 * a shared cache, never indexed.
 */
import { mayPreview } from "../catalog/staff-preview";
import type { AppDeps } from "../context";

export { PREVIEW_HEADERS } from "../catalog/staff-preview";

/**
 * The published post or page `read` finds; else, for staff who may preview, its draft (`preview`); else null. The
 * staff check costs a session lookup, so it is made only when no shopper may see the address.
 */
export async function publishedOrPreview<T>(
  deps: Pick<AppDeps, "db" | "storeId">,
  request: Request,
  read: (options: { includeDrafts: boolean }) => Promise<T | null>,
): Promise<{ shown: T; preview: boolean } | null> {
  const published = await read({ includeDrafts: false });
  if (published) return { shown: published, preview: false };
  if (!(await mayPreview(deps, request, "content"))) return null;
  const draft = await read({ includeDrafts: true });
  return draft ? { shown: draft, preview: true } : null;
}
