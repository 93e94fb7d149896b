/** The blog: posts with ordered sections, stored per store and rendered on the server. */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { BlogPost } from "../../core/schemas/content";
import type { Database } from "../db/client";
import { blogPosts, blogSections } from "../db/schema";

/** Length of the excerpt on the blog list (docs/product.md, Limits and timings). */
const BLOG_EXCERPT_LENGTH = 200;

/** The first 200 characters of the post's first section followed by an ellipsis (docs/product.md, Blog). */
export function blogExcerpt(post: BlogPost): string {
  const first = post.sections[0]?.content ?? "";
  return `${first.slice(0, BLOG_EXCERPT_LENGTH)}...`;
}

type PostRow = { id: number; slug: string; title: string; author: string; publishedAt: Date };

async function withSections(db: Database, posts: PostRow[]): Promise<BlogPost[]> {
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
    sections: sections
      .filter((section) => section.postId === post.id)
      .map((section) => ({ heading: section.heading, content: section.content })),
  }));
}

const postColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  author: blogPosts.author,
  publishedAt: blogPosts.publishedAt,
};

/** Every post of the store, newest first. */
export async function listBlogPosts(db: Database, storeId: string): Promise<BlogPost[]> {
  const posts = await db
    .select(postColumns)
    .from(blogPosts)
    .where(eq(blogPosts.storeId, storeId))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
  return withSections(db, posts);
}

/** One post by its blogId (the slug), or null. */
export async function getBlogPost(db: Database, storeId: string, blogId: string): Promise<BlogPost | null> {
  const [post] = await db
    .select(postColumns)
    .from(blogPosts)
    .where(and(eq(blogPosts.storeId, storeId), eq(blogPosts.slug, blogId)));
  if (!post) return null;
  const [full] = await withSections(db, [post]);
  return full;
}
