/**
 * The blog post and page forms' values as the page holds them. Reading a post, its steps and the input it makes are
 * the server's (routes/admin.content.form.server.ts), so the schemas stay out of the pages' scripts.
 */
import type { ContentKind, ContentStatus } from "@core/content-admin";
import { noticeTable, type NoticeKey } from "./notices";
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

/**
 * What differs between the two kinds, for one set of screens serving both: where shoppers read it (staff preview a
 * draft there), where its editor lives, its words, and the author a post has and a page has not.
 */
export const CONTENT_KINDS = {
  post: {
    shop: (address: string) => `/blog/${encodeURIComponent(address)}`,
    admin: "/admin/posts",
    noun: "post",
    Noun: "Post",
    nouns: "Blog posts",
    intro: "The blog's posts. A draft is seen by staff only, at its address, until you publish it.",
    addressLabel: "Address (the post is at /blog/address)",
    hasAuthor: true,
  },
  page: {
    shop: (address: string) => `/pages/${encodeURIComponent(address)}`,
    admin: "/admin/pages",
    noun: "page",
    Noun: "Page",
    nouns: "Pages",
    intro: "Static pages such as About or Shipping. A draft is seen by staff only until you publish it.",
    addressLabel: "Name (the page is at /pages/name)",
    hasAuthor: false,
  },
} as const;

/** The kind a back-office address is about, for the route modules that serve /admin/posts… and /admin/pages… alike. */
export const contentKindAt = (pathname: string): ContentKind => (pathname.startsWith(CONTENT_KINDS.post.admin) ? "post" : "page");

/** Successes told after a redirect (components/admin/notices.ts): the address carries a key only. */
export const CONTENT_NOTICES = noticeTable({
  "content-saved": "Saved.",
  "content-published": "Published; shoppers see it now.",
  "content-unpublished": "Unpublished: it is a draft only staff can see.",
  "content-deleted": "Deleted.",
  "content-picture-refused": "Saved, but not the picture: it must be a JPEG, PNG, WebP or AVIF file of at most 20 MB.",
});
export type ContentNotice = NoticeKey<typeof CONTENT_NOTICES>;
