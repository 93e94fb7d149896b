import { sitemapEntries, sitemapXml } from "./sitemap[.]xml.server";
import type { Route } from "./+types/sitemap[.]xml";

export async function loader({ context }: Route.LoaderArgs) {
  const entries = await sitemapEntries(context.db, context.storeId);
  return new Response(sitemapXml(context.config.publicUrl, entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
