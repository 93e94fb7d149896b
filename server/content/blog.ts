/**
 * The blog: posts with ordered sections of HTML, stored per store and rendered on the server. Shoppers see published posts
 * only; a draft is read here only for a staff preview (server/content/content-preview.ts).
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { BlogPost } from "../../core/schemas/content";
import type { Database } from "../db/client";
import { blogPosts, blogSections } from "../db/schema";
import { cleanDescriptionHtml } from "../catalog/description-html";
import { descriptionText } from "../catalog/description-text";

/** Length of the excerpt on the blog list (docs/product.md, Limits and timings). */
const BLOG_EXCERPT_LENGTH = 200;

/**
 * The first 200 characters of the post's first section followed by an ellipsis (docs/product.md, Blog): characters of
 * its words, the section's markup left out, as the list and the meta description show text.
 */
export function blogExcerpt(post: BlogPost): string {
  const first = descriptionText(post.sections[0]?.content ?? "");
  return `${first.slice(0, BLOG_EXCERPT_LENGTH)}...`;
}

type PostRow = { id: number; slug: string; title: string; author: string; publishedAt: Date; image: string | null };
/** A post as its page shows it: the spec's shape, with the optional picture the owner gave it. */
export type ShownBlogPost = BlogPost & { image: string | null };

async function withSections(db: Database, posts: PostRow[]): Promise<ShownBlogPost[]> {
  if (posts.length === 0) return [];
  const sections = await db
    .select({ postId: blogSections.postId, heading: blogSections.heading, content: blogSections.content })
    .from(blogSections)
    .where(
      inArray(
        blogSections.postId,
        posts.map((post) => post.id),
      ),
    )
    .orderBy(asc(blogSections.position), asc(blogSections.id));
  return posts.map((post) => ({
    blogId: post.slug,
    title: post.title,
    author: post.author,
    publishedAt: post.publishedAt.toISOString(),
    image: post.image,
    sections: sections
      .filter((section) => section.postId === post.id)
      // Cleaned again as it is drawn, as a description is: the page shows it as HTML (decision 0076).
      .map((section) => ({ heading: section.heading, content: cleanDescriptionHtml(section.content) })),
  }));
}

const postColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  author: blogPosts.author,
  publishedAt: blogPosts.publishedAt,
  image: blogPosts.image,
};

const published = eq(blogPosts.status, "published");

/** Every published post of the store, newest first. */
export async function listBlogPosts(db: Database, storeId: string): Promise<ShownBlogPost[]> {
  const posts = await db
    .select(postColumns)
    .from(blogPosts)
    .where(and(eq(blogPosts.storeId, storeId), published))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
  return withSections(db, posts);
}

/** One published post by its blogId (the slug), or null; `includeDrafts` for a staff preview alone. */
export async function getBlogPost(
  db: Database,
  storeId: string,
  blogId: string,
  { includeDrafts = false }: { includeDrafts?: boolean } = {},
): Promise<ShownBlogPost | null> {
  const [post] = await db
    .select(postColumns)
    .from(blogPosts)
    .where(and(eq(blogPosts.storeId, storeId), eq(blogPosts.slug, blogId), includeDrafts ? undefined : published));
  if (!post) return null;
  const [full] = await withSections(db, [post]);
  return full;
}
