import { Suspense } from "react";
import { Await, data, useNavigation } from "react-router";
import type { StaticPage } from "@core/schemas/static-page";
import { checkPageData, fetchPageData, pageLoadFailure, requestedPageName } from "~/lib/page-data";
import { ContentSections } from "~/components/content/content-sections";
import { PreviewBanner } from "~/components/ui/preview-banner";
import { useImageFallback } from "~/lib/images";
import { getStaticPage, logger, PREVIEW_HEADERS, publishedOrPreview } from "./static-page.server";
import { NotFoundMark } from "~/components/analytics/analytics-tracker";
import type { Route } from "./+types/static-page";

/** What the page renders: the content, none ('No content available'), or a failure (only the shell). */
type PageResult = { status: "found"; page: StaticPage } | { status: "missing" } | { status: "failed" };

/** Shoppers read published pages; staff with the content permission preview a draft, on a page only they keep. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const name = requestedPageName(params.pageName);
  try {
    const found = await publishedOrPreview(context, request, (options) => getStaticPage(context.db, context.storeId, name, options));
    if (!found) return data({ name, result: { status: "missing" } as PageResult, preview: false }, { status: 404 });
    const { shown, preview } = found;
    return data({ name, result: { status: "found", page: checkPageData(shown) } as PageResult, preview }, preview ? { headers: PREVIEW_HEADERS } : {});
  } catch (error) {
    logger.error({ err: error }, pageLoadFailure(name));
    return data({ name, result: { status: "failed" } as PageResult, preview: false }, { status: 500 });
  }
}

/** A staff preview's headers (private, not indexed) reach the page's response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/**
 * In the browser the content comes from GET /data/{pagename}.json, the spec's call. The navigation finishes at
 * once and the page shows 'Loading...' until the data arrives.
 */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  const name = requestedPageName(params.pageName);
  const result: Promise<PageResult> = fetchPageData(name).then(
    (page) => (page ? { status: "found", page } : { status: "missing" }),
    (error: unknown) => {
      console.error(pageLoadFailure(name), error);
      return { status: "failed" };
    },
  );
  return { name, result, preview: false };
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  const shop = matches[0]?.loaderData?.settings.websiteTitle ?? "Shop";
  const result = loaded?.result;
  if (result && "status" in result && result.status === "found") {
    const description = result.page.sections[0]?.content.slice(0, 160);
    return [
      { title: `${result.page.title} | ${shop}` },
      ...(description ? [{ name: "description", content: description }] : []),
      { property: "og:title", content: result.page.title },
      { property: "og:type", content: "website" },
      ...(loaded.preview ? [{ name: "robots", content: "noindex" }] : []),
    ];
  }
  return [{ title: shop }];
}

function Loading() {
  return (
    <p role="status" className="px-4 py-24 text-center text-lg">
      Loading...
    </p>
  );
}

function Sections({ page }: { page: StaticPage }) {
  return <ContentSections sections={page.sections.map(({ subheading, content }) => ({ heading: subheading, content }))} className="space-y-6 leading-relaxed" />;
}

function PageImage({ url, alt }: { url: string; alt: string }) {
  const image = useImageFallback(url, 1024);
  return (
    <img
      {...image}
      sizes="(min-width: 1024px) 50vw, 100vw"
      width={1200}
      height={1500}
      alt={alt}
      className="h-full max-h-[80vh] w-full rounded-lg object-cover"
    />
  );
}

/** Without an image: centred title and sections in one column. With one: image on one half, text on the other. */
function PageContent({ name, result }: { name: string; result: PageResult }) {
  if (result.status === "failed") return null;
  if (result.status === "missing") {
    return (
      <p className="px-4 py-24 text-center text-lg">
        <NotFoundMark />
        No content available (Page: {name})
      </p>
    );
  }
  const { page } = result;
  if (!page.image) {
    return (
      <article className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="mb-8 text-center text-4xl font-semibold">{page.title}</h1>
        <Sections page={page} />
      </article>
    );
  }
  return (
    <article className="mx-auto grid max-w-7xl items-start gap-10 px-4 py-12 lg:grid-cols-2">
      <PageImage url={page.image} alt={page.title} />
      <div>
        <h1 className="mb-8 text-4xl font-semibold">{page.title}</h1>
        <Sections page={page} />
      </div>
    </article>
  );
}

export default function StaticPageRoute({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { name, result, preview } = loaderData;
  // Between two static pages the route stays mounted; show the wait for the next one rather than the old page.
  if (navigation.state === "loading" && navigation.location.pathname.startsWith("/pages/")) return <Loading />;
  return (
    <>
      {preview ? (
        <div className="mx-auto max-w-7xl px-4 pt-6">
          <PreviewBanner label="Draft" what="page" />
        </div>
      ) : null}
      <Suspense key={name} fallback={<Loading />}>
        <Await resolve={result}>{(resolved: PageResult) => <PageContent name={name} result={resolved} />}</Await>
      </Suspense>
    </>
  );
}
