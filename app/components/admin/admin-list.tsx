/** The parts every back-office list shares: its address with filters, its table frame, and its pages. */
import { Link } from "react-router";

/** `path` with the filters that have a value, as the list and its CSV export take them. */
export function listAddress(path: string, filters: Record<string, string | undefined>): string {
  const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * A list's table, scrolling sideways on a phone with its headers kept; `minWidth` is the width below which it scrolls.
 * The first cell of each row is its header (a `th scope="row"`), so a screen reader names the row by it.
 */
export function AdminTable({
  label,
  minWidth,
  columns,
  children,
}: {
  label: string;
  minWidth: string;
  columns: readonly { label: string; numeric?: boolean }[];
  children: React.ReactNode;
}) {
  return (
    <div role="region" aria-label={label} className="overflow-x-auto rounded-lg bg-card shadow-sm">
      <table className="w-full border-collapse text-left text-sm" style={{ minWidth }}>
        <thead>
          <tr className="border-b border-black/20">
            {columns.map((column) => (
              <th key={column.label} scope="col" className={`px-3 py-2${column.numeric ? " text-right" : ""}`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Links to the newest page of a list and to the next older one, by its keyset cursor; nothing when there is one page. */
export function ListPages({ label, newest, older, noun }: { label: string; newest?: string; older?: string; noun: string }) {
  if (!newest && !older) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap gap-4">
      {newest ? (
        <Link to={newest} className="font-medium underline">
          Newest {noun}
        </Link>
      ) : null}
      {older ? (
        <Link to={older} className="font-medium underline">
          Older {noun}
        </Link>
      ) : null}
    </nav>
  );
}
