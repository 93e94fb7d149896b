import { data, Link } from "react-router";
import { blogExcerpt, listBlogPosts } from "./blog.server";
import type { Route } from "./+types/blog";

export async function loader({ context }: Route.LoaderArgs) {
  const posts = await listBlogPosts(context.db, context.storeId);
  return data({
    posts: posts.map((post) => ({ blogId: post.blogId, title: post.title, author: post.author, excerpt: blogExcerpt(post) })),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  const shop = matches[0]?.loaderData?.settings.websiteTitle ?? "Shop";
  return [{ title: `Blog | ${shop}` }, { name: "description", content: `Stories and brewing guides from ${shop}.` }];
}

/** The blog list (docs/product.md, Blog): title, author, excerpt and a link to each post. */
export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="mb-8 text-4xl font-semibold">Blog</h1>
      {posts.length === 0 ? (
        <p>No posts yet.</p>
      ) : (
        <ul className="space-y-8">
          {posts.map((post) => (
            <li key={post.blogId}>
              <article className="rounded-lg bg-card p-6 shadow-sm">
                <h2 className="text-2xl font-semibold">{post.title}</h2>
                <p className="mt-1 text-sm">By {post.author}</p>
                <p className="mt-4 leading-relaxed">{post.excerpt}</p>
                <Link
                  to={`/blog/${encodeURIComponent(post.blogId)}`}
                  aria-label={`Read More → ${post.title}`}
                  className="mt-4 inline-block font-semibold text-primary underline-offset-4 hover:underline"
                >
                  Read More →
                </Link>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
