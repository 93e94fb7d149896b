import { lazy, Suspense } from "react";
import { data, Link } from "react-router";
import { ContentSections } from "~/components/content/content-sections";
import { PreviewBanner } from "~/components/ui/preview-banner";
import { blogExcerpt, getBlogPost, PREVIEW_HEADERS, publishedOrPreview } from "./blog-post.server";
import { NotFoundMark } from "~/components/analytics/analytics-tracker";
import type { Route } from "./+types/blog-post";

/** Shoppers read published posts; staff with the content permission preview a draft here, on a page only they keep. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const url = new URL(`/blog/${encodeURIComponent(params.blogId)}`, context.config.publicUrl).toString();
  const found = await publishedOrPreview(context, request, (options) => getBlogPost(context.db, context.storeId, params.blogId, options));
  if (!found) return data({ post: null, description: "", url, preview: false }, { status: 404 });
  const { shown: post, preview } = found;
  return data({ post, description: blogExcerpt(post), url, preview }, preview ? { headers: PREVIEW_HEADERS } : {});
}

/** A staff preview's headers (private, not indexed) reach the page's response and its client-navigation data. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

// Most posts have no picture: its fallback code is fetched only for one that has. The server renders it at once, so the
// picture is in the HTML where it stands (a lazy component would be streamed in by a script).
const PostImage = import.meta.env.SSR
  ? (await import("~/components/content/post-image")).PostImage
  : lazy(() => import("~/components/content/post-image").then((module) => ({ default: module.PostImage })));

export function meta({ data: page, matches }: Route.MetaArgs) {
  const shop = matches[0]?.loaderData?.settings.websiteTitle ?? "Shop";
  if (!page?.post) return [{ title: `Blog post not found | ${shop}` }, { name: "robots", content: "noindex" }];
  const { post, description, url, preview } = page;
  return [
    ...(preview ? [{ name: "robots", content: "noindex" }] : []),
    { title: `${post.title} | ${shop}` },
    { name: "description", content: description },
    { property: "og:type", content: "article" },
    { property: "og:title", content: post.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:site_name", content: shop },
    { property: "article:author", content: post.author },
    { property: "article:published_time", content: post.publishedAt },
    { tagName: "link", rel: "canonical", href: url },
  ];
}

/** One post (docs/product.md, Blog): title, author, then each section's optional heading and its text. */
export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, preview } = loaderData;
  if (!post) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-24 text-center">
        <NotFoundMark />
        <h1 className="text-3xl font-semibold">Blog post not found</h1>
        <Link to="/blog" className="mt-8 inline-block font-semibold text-primary underline">
          Back to the blog
        </Link>
      </div>
    );
  }
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      {preview ? <PreviewBanner label="Draft" what="post" /> : null}
      <h1 className="text-4xl font-semibold">{post.title}</h1>
      <p className="mt-2 text-sm">
        By {post.author}
        {" · "}
        <time dateTime={post.publishedAt}>
          {new Date(post.publishedAt).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" })}
        </time>
      </p>
      {post.image ? (
        <Suspense fallback={null}>
          <PostImage url={post.image} alt={post.title} />
        </Suspense>
      ) : null}
      <ContentSections sections={post.sections} className="mt-8 space-y-6 leading-relaxed" />
      <Link to="/blog" className="mt-12 inline-block font-semibold text-primary underline-offset-4 hover:underline">
        ← All posts
      </Link>
    </article>
  );
}
