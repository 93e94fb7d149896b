import { Link } from "react-router";

/**
 * The way between a listing's pages: plain links (`?page=`), so they work without JavaScript and search engines follow
 * them, with where the shopper is in words.
 */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  const link = "rounded border border-black/20 bg-card px-4 py-2 font-semibold hover:border-primary";
  return (
    <nav aria-label="Pages" className="mt-10 flex flex-wrap items-center justify-center gap-4">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={link}>
          ← Previous page
        </Link>
      ) : null}
      <p aria-current="page">{`Page ${page} of ${pages}`}</p>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next" className={link}>
          Next page →
        </Link>
      ) : null}
    </nav>
  );
}
