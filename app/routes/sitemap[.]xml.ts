import { data } from "react-router";
import { sitemapEntries, sitemapFile } from "./sitemap[.]xml.server";
import type { Route } from "./+types/sitemap[.]xml";

export async function loader({ request, context }: Route.LoaderArgs) {
  const part = new URL(request.url).searchParams.get("part");
  if (part !== null && !/^[1-9]\d{0,4}$/.test(part)) throw data(null, { status: 404 });
  const entries = await sitemapEntries(context.db, context.storeId);
  const file = sitemapFile(context.config.publicUrl, entries, part === null ? null : Number(part));
  if (file === null) throw data(null, { status: 404 });
  return new Response(file, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
