/**
 * The frame of the bundle and collection screens (list, new, edit), which differ only in their columns, form and
 * where the record shows on the shop; the record's noun names its addresses, headings and notices.
 */
import { FormMessage } from "~/components/account/form-parts";
import type { PlacedLink } from "@core/navigation";
import { AdminTable, NewRecordLink } from "./admin-list";
import { AdminPage, RecordIntro } from "./admin-page";
import { DeleteSection } from "./confirm-step";

type Noun = "bundle" | "collection";

const listPath = (noun: Noun) => `/admin/${noun}s`;
const capitalised = (noun: Noun) => `${noun[0].toUpperCase()}${noun.slice(1)}s`;

/** The list: its notice, the link to a new one, then the table of them, or the sentence saying there are none. */
export function MerchandiseList({
  noun,
  intro,
  notice,
  empty,
  minWidth,
  columns,
  children,
}: {
  noun: Noun;
  intro: string;
  notice: string | null;
  empty: boolean;
  minWidth: string;
  columns: readonly { label: string; numeric?: boolean }[];
  children: React.ReactNode;
}) {
  return (
    <AdminPage title={capitalised(noun)} intro={<p>{intro}</p>}>
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <NewRecordLink to={`${listPath(noun)}/new`}>{`New ${noun}`}</NewRecordLink>
      {empty ? (
        <p>{`No ${noun}s yet.`}</p>
      ) : (
        <AdminTable label={capitalised(noun)} minWidth={minWidth} columns={columns}>
          {children}
        </AdminTable>
      )}
    </AdminPage>
  );
}

/** The new record's screen: `intro` is what to know before it is saved, if anything. */
export function NewMerchandisePage({ noun, intro, children }: { noun: Noun; intro?: string; children: React.ReactNode }) {
  return (
    <AdminPage
      title={`New ${noun}`}
      intro={
        <RecordIntro list={listPath(noun)} listLabel={`All ${noun}s`}>
          {intro ? `${intro} ` : null}
        </RecordIntro>
      }
    >
      {children}
    </AdminPage>
  );
}

/**
 * A saved record's screen: where it shows on the shop, the saved notice (not over a refused form, `notice` null
 * then), its form and sections, and (unless `deleting` is null, a record that must stay) its Delete section.
 */
export function EditMerchandisePage({
  noun,
  record,
  shownAt,
  address,
  notice,
  deleting,
  children,
}: {
  noun: Noun;
  record: { id: number; title: string };
  shownAt: string;
  address: string;
  notice: string | null;
  deleting: { asking: boolean; consequences: string; linksLeadHere?: PlacedLink[] } | null;
  children: React.ReactNode;
}) {
  return (
    <AdminPage
      title={record.title}
      intro={
        <RecordIntro list={listPath(noun)} listLabel={`All ${noun}s`}>
          {shownAt}{" "}
          <a href={address} className="underline">
            {address}
          </a>{" "}
          ·{" "}
        </RecordIntro>
      }
    >
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {children}
      {deleting ? <DeleteSection noun={noun} record={record} path={`${listPath(noun)}/${record.id}`} {...deleting} /> : null}
    </AdminPage>
  );
}
