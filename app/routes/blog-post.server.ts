export { blogExcerpt, getBlogPost } from "../../server/content/blog";
