/** The paged list screens' parts: their search form, status tabs, pages, bulk edit table and CSV export. */
import { Form, Link } from "react-router";
import { AdminButton } from "./admin-form";
import { AdminTable, listAddress } from "./admin-list";

/**
 * A list's search form: its fields and button side by side from a tablet up (`columns`, a Tailwind grid template), then
 * a refusal no field shows, under them all.
 */
export function ListSearch({
  label,
  columns,
  button = "Search",
  refusal,
  children,
}: {
  label: string;
  columns: string;
  button?: string;
  refusal?: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="get" role="search" aria-label={label} className={`grid items-end gap-4 rounded-lg bg-card p-4 shadow-sm sm:p-6 ${columns}`}>
      {children}
      <AdminButton weight="secondary">{button}</AdminButton>
      {refusal ? <p className="text-sm text-red-800 sm:col-span-full">{refusal}</p> : null}
    </Form>
  );
}

/** A list's status tabs: each a link to the list with that status, the current one marked. */
export function StatusTabs({ label, tabs, current, addressOf }: { label: string; tabs: readonly { status: string; label: string }[]; current: string; addressOf: (status: string) => string }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <li key={tab.label}>
            <Link
              to={addressOf(tab.status)}
              aria-current={current === tab.status ? "page" : undefined}
              className="inline-block rounded-full border border-black/30 px-3 py-1.5 aria-[current=page]:border-ink aria-[current=page]:bg-ink aria-[current=page]:text-white"
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Links to the newest page of a list (when this is an older one, `paged`) and to the next older one, by its keyset
 * cursor; nothing when there is one page. `filters` are the list's own, without its cursor.
 */
export function ListPages({
  label,
  noun,
  path,
  filters,
  paged,
  nextCursor,
}: {
  label: string;
  noun: string;
  path: string;
  filters: Record<string, string | undefined>;
  paged: boolean;
  nextCursor: string | null;
}) {
  if (!paged && !nextCursor) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap gap-4">
      {paged ? (
        <Link to={listAddress(path, filters)} className="font-medium underline">
          Newest {noun}
        </Link>
      ) : null}
      {nextCursor ? (
        <Link to={listAddress(path, { ...filters, cursor: nextCursor })} className="font-medium underline">
          Older {noun}
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * A list's body: its rows (`children`), or the sentence that there are none (none matching, when any filter is set),
 * then its pages (ListPages). `asked` is the list's filters as the address asks them, its cursor among them.
 */
export function PagedList({
  label,
  noun,
  path,
  asked,
  empty,
  nextCursor,
  children,
}: {
  label: string;
  noun: string;
  path: string;
  asked: Record<string, string | undefined>;
  empty: boolean;
  nextCursor: string | null;
  children: React.ReactNode;
}) {
  const { cursor, ...filters } = asked;
  return (
    <>
      {empty ? <p>{Object.values(filters).some(Boolean) ? `No ${noun} match.` : `No ${noun} yet.`}</p> : children}
      <ListPages label={label} noun={noun} path={path} filters={filters} paged={Boolean(cursor)} nextCursor={nextCursor} />
    </>
  );
}

/** The form the ticked rows of a BulkEditTable belong to, by their checkboxes' `form`. */
export const BULK_EDIT_FORM = "bulk-edit-selected";

/** A table whose rows can be ticked to change them together on the bulk edit screen; `hint` says what that changes. */
export function BulkEditTable({ hint, ...table }: { hint: string } & React.ComponentProps<typeof AdminTable>) {
  return (
    <>
      <Form method="get" action="/admin/products/bulk" id={BULK_EDIT_FORM} className="flex flex-wrap items-center gap-3">
        <AdminButton weight="secondary">Bulk edit selected</AdminButton>
        <span className="text-sm text-black/70">{hint}</span>
      </Form>
      <AdminTable {...table} />
    </>
  );
}

/**
 * A list the admin API also exports, at the screen's path under /api with .csv: first the link to that file, with the
 * same filters as the screen (and to any other export of the same list, `alsoExport`), then the rows (`children`) a
 * page at a time (PagedList) in an AdminTable (`table`), and what acts on the page's rows (`afterTable`). `pages`
 * names the pages' links.
 */
export function ExportedList({
  noun,
  pages,
  path,
  asked,
  empty,
  nextCursor,
  table,
  alsoExport = [],
  afterTable,
  children,
}: {
  noun: string;
  pages: string;
  path: string;
  asked: Record<string, string | undefined>;
  empty: boolean;
  nextCursor: string | null;
  table: Omit<React.ComponentProps<typeof AdminTable>, "children">;
  alsoExport?: { path: string; noun: string }[];
  afterTable?: React.ReactNode;
  children: React.ReactNode;
}) {
  const { cursor: _page, ...filters } = asked;
  return (
    <>
      {[{ path, noun }, ...alsoExport].map((file) => (
        <p key={file.path}>
          <a href={listAddress(`/api${file.path}.csv`, filters)} download className="font-medium underline">
            {`Export these ${file.noun} as CSV`}
          </a>
        </p>
      ))}
      <PagedList label={pages} noun={noun} path={path} asked={asked} empty={empty} nextCursor={nextCursor}>
        <AdminTable {...table}>{children}</AdminTable>
        {afterTable}
      </PagedList>
    </>
  );
}
