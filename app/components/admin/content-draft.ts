/**
 * The blog post and page forms' values as the page holds them. Reading a post, its steps and the input it makes are
 * the server's (routes/admin.content.form.server.ts), so the schemas stay out of the pages' scripts.
 */
import type { ContentStatus } from "@core/content-admin";

export type ContentKind = "post" | "page";
export type ContentDraft = {
  title: string;
  /** The post's blog_id or the page's name: its address. */
  address: string;
  /** Posts only. */
  author: string;
  status: ContentStatus;
  imageUrl: string | null;
  sections: { subheading: string; content: string }[];
};

export const CONTENT_FIELDS = ["title", "address", "author", "status", "image_url", "sections", "file"] as const;

export function emptyContentDraft(): ContentDraft {
  return { title: "", address: "", author: "", status: "draft", imageUrl: null, sections: [{ subheading: "", content: "" }] };
}

/** A stored post or page as the form starts it. */
export function draftOfContent(record: {
  title: string;
  status: ContentStatus;
  imageUrl: string | null;
  sections: { subheading: string; content: string }[];
  blogId?: string;
  name?: string;
  author?: string;
}): ContentDraft {
  return {
    title: record.title,
    address: record.blogId ?? record.name ?? "",
    author: record.author ?? "",
    status: record.status,
    imageUrl: record.imageUrl,
    sections: record.sections,
  };
}

/** Where shoppers read it (staff preview a draft there), and where its editor lives. */
export const CONTENT_PATHS = {
  post: { shop: (address: string) => `/blog/${encodeURIComponent(address)}`, admin: "/admin/posts", noun: "post", nouns: "Blog posts" },
  page: { shop: (address: string) => `/pages/${encodeURIComponent(address)}`, admin: "/admin/pages", noun: "page", nouns: "Pages" },
} as const;

/** Successes told after a redirect (components/admin/notices.ts): the address carries a key only. */
export const CONTENT_NOTICES = {
  "content-saved": "Saved.",
  "content-published": "Published; shoppers see it now.",
  "content-unpublished": "Unpublished: it is a draft only staff can see.",
  "content-deleted": "Deleted.",
  "content-picture-refused": "Saved, but not the picture: it must be a JPEG, PNG, WebP or AVIF file of at most 20 MB.",
} as const;
export type ContentNotice = keyof typeof CONTENT_NOTICES;

export function contentNoticeOf(url: URL): string | null {
  const key = url.searchParams.get("notice");
  return key !== null && Object.hasOwn(CONTENT_NOTICES, key) ? CONTENT_NOTICES[key as ContentNotice] : null;
}
export const withContentNotice = (path: string, key: ContentNotice) => `${path}?notice=${key}`;
