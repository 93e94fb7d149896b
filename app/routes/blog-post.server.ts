export { blogExcerpt, getBlogPost } from "../../server/content/blog";
export { PREVIEW_HEADERS, staffBlogPostPreview } from "../../server/content/content-preview";
