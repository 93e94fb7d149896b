export { blogExcerpt, listBlogPosts } from "../../server/content/blog";
