/**
 * The parts of every back-office table: its address with filters, its frame, its linked first cell, its customer cell
 * and the "New …" link above it. The paged list screens' search, tabs and pages are in list-screen.tsx, so a screen
 * with a plain table does not download them.
 */
import { Link } from "react-router";

/** `path` with the filters that have a value, as the list and its CSV export take them. */
export function listAddress(path: string, filters: Record<string, string | undefined>): string {
  const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * A list's table, scrolling sideways on a phone with its headers kept; `minWidth` is the width below which it scrolls.
 * The first cell of each row is its header (a `th scope="row"`), so a screen reader names the row by it. A table
 * without links in it (`linkless`) takes the focus itself, so a keyboard can scroll it.
 */
export function AdminTable({
  label,
  minWidth,
  columns,
  linkless = false,
  children,
}: {
  label: string;
  minWidth: string;
  columns: readonly { label: string; numeric?: boolean }[];
  linkless?: boolean;
  children: React.ReactNode;
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls with nothing focusable inside is out of a keyboard's reach unless it takes the focus (WCAG 2.1.1)
    <div role="region" aria-label={label} tabIndex={linkless ? 0 : undefined} className="scroll-shadows overflow-x-auto rounded-lg shadow-sm print:shadow-none">
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

/** A row's header cell (see AdminTable): the link to the record's own screen; `longName`: one that may be a long unbroken word (an email), wrapped only where it would not fit. */
export function RowLink({ to, longName = false, children }: { to: string; longName?: boolean; children: React.ReactNode }) {
  return (
    <th scope="row" className="px-3 py-2">
      <Link to={to} className={`font-semibold underline${longName ? " wrap-break-word" : ""}`}>
        {children}
      </Link>
    </th>
  );
}

/** A row's cell naming who the record is for: their name, their email under it. */
export function CustomerCell({ name, email }: { name: string; email: string }) {
  return (
    <td className="px-3 py-2">
      {name}
      <span className="block wrap-break-word text-black/70">{email}</span>
    </td>
  );
}

/** The button-like link above a list to the screen that adds one more. */
export function NewRecordLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <p>
      <Link to={to} className="inline-block rounded bg-button px-4 py-2 font-medium text-button-ink">
        {children}
      </Link>
    </p>
  );
}
