/**
 * Staff with the content permission read a draft post or page where shoppers will once it is published: the shop's
 * loaders ask here when no shopper may see the address. The answer is theirs alone (PREVIEW_HEADERS): never kept by
 * a shared cache, never indexed.
 */
import type { StaticPage } from "../../core/schemas/static-page";
import { mayPreview } from "../catalog/staff-preview";
import type { AppDeps } from "../context";
import { getBlogPost, type ShownBlogPost } from "./blog";
import { getStaticPage } from "./pages";

export { PREVIEW_HEADERS } from "../catalog/staff-preview";

type Reader = Pick<AppDeps, "db" | "storeId">;

export async function staffBlogPostPreview(deps: Reader, request: Request, blogId: string): Promise<ShownBlogPost | null> {
  if (!(await mayPreview(deps, request, "content"))) return null;
  return getBlogPost(deps.db, deps.storeId, blogId, { includeDrafts: true });
}

export async function staffStaticPagePreview(deps: Reader, request: Request, name: string): Promise<StaticPage | null> {
  if (!(await mayPreview(deps, request, "content"))) return null;
  return getStaticPage(deps.db, deps.storeId, name, { includeDrafts: true });
}
