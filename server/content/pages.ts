/** Static content pages (about, shipping...), stored in the database; their sections are cleaned HTML (decision 0076). */
import { and, asc, eq } from "drizzle-orm";
import type { StaticPage } from "../../core/schemas/static-page";
import type { Database } from "../db/client";
import { pageSections, pages } from "../db/schema";
import { cleanDescriptionHtml } from "../catalog/description-html";

const PAGE_NAME = /^[a-z0-9-]{1,64}$/;

/**
 * The stored name a requested page name refers to: lower-cased, a leading 'pages/' stripped (docs/product.md, Screens
 * and routes). Anything but letters, digits and dashes is no page at all, so `..`, slashes and odd characters never
 * reach a query, let alone the file system.
 */
export function normalizePageName(requested: string): string | null {
  const name = requested.toLowerCase().replace(/^pages\//, "");
  return PAGE_NAME.test(name) ? name : null;
}

/**
 * The page in the spec's shape, or null when the store has no published page of that name; `includeDrafts` for a
 * staff preview alone (server/content/content-preview.ts).
 */
export async function getStaticPage(
  db: Database,
  storeId: string,
  requestedName: string,
  { includeDrafts = false }: { includeDrafts?: boolean } = {},
): Promise<StaticPage | null> {
  const name = normalizePageName(requestedName);
  if (!name) return null;
  const [page] = await db
    .select({ id: pages.id, title: pages.title, image: pages.image })
    .from(pages)
    .where(and(eq(pages.storeId, storeId), eq(pages.name, name), includeDrafts ? undefined : eq(pages.status, "published")));
  if (!page) return null;
  const sections = await db
    .select({ subheading: pageSections.subheading, content: pageSections.content })
    .from(pageSections)
    .where(eq(pageSections.pageId, page.id))
    .orderBy(asc(pageSections.position), asc(pageSections.id));
  return {
    title: page.title,
    ...(page.image ? { image: page.image } : {}),
    sections: sections.map((section) => ({
      ...(section.subheading ? { subheading: section.subheading } : {}),
      // Cleaned again as it is served, as a description is: the page draws it as HTML.
      content: cleanDescriptionHtml(section.content),
    })),
  };
}

