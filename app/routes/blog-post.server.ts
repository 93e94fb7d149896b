export { blogExcerpt, getBlogPost } from "../../server/content/blog";
export { PREVIEW_HEADERS, publishedOrPreview } from "../../server/content/content-preview";
