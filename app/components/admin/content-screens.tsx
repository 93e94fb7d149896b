/**
 * The blog post and page screens, one of each for both kinds: the list, and the editor (new or existing) with its
 * preview link, publish or unpublish, and delete after asking. The route modules (routes/admin.content*.tsx)
 * give each its kind and data.
 */
import { Form } from "react-router";
import { When } from "~/components/admin/when";
import { FormMessage } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminTable, NewRecordLink, RowLink } from "~/components/admin/admin-list";
import { AdminPage, AdminSection, RecordIntro } from "~/components/admin/admin-page";
import { DeleteSection } from "~/components/admin/confirm-step";
import { DRAFT_FORM } from "~/components/admin/draft-form";
import { LinksStep } from "~/components/admin/links-step";
import type { PlacedLink } from "@core/navigation";
import type { ErrorBody } from "~/lib/form-error";
import type { ContentKind } from "@core/content-admin";
import { CONTENT_KINDS, type ContentDraft } from "./content-draft";
import { ContentForm } from "./content-form";

type Listed = { id: number; title: string; address: string; status: string; author?: string; updatedAt: string };

const STATUS_LABELS: Record<string, string> = { draft: "Draft", published: "Published" };

export function ContentList({ kind, items, notice }: { kind: ContentKind; items: Listed[]; notice: string | null }) {
  const { admin, noun, nouns, shop, intro, hasAuthor } = CONTENT_KINDS[kind];
  const columns = [{ label: "Title" }, { label: "Address" }, ...(hasAuthor ? [{ label: "Author" }] : []), { label: "Status" }, { label: "Changed" }];
  return (
    <AdminPage title={nouns} intro={<p>{intro}</p>}>
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <NewRecordLink to={`${admin}/new`}>New {noun}</NewRecordLink>
      {items.length === 0 ? (
        <p>No {noun}s yet.</p>
      ) : (
        <AdminTable label={nouns} minWidth="36rem" columns={columns}>
          {items.map((item) => (
            <tr key={item.id} className="border-b border-black/10 align-top">
              <RowLink to={`${admin}/${item.id}`}>{item.title}</RowLink>
              <td className="px-3 py-2">{shop(item.address)}</td>
              {hasAuthor ? <td className="px-3 py-2">{item.author}</td> : null}
              <td className="px-3 py-2">{STATUS_LABELS[item.status] ?? item.status}</td>
              <td className="px-3 py-2">
                <When at={item.updatedAt} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminPage>
  );
}

export function NewContent({ kind, draft, errors }: { kind: ContentKind; draft: ContentDraft; errors: readonly ErrorBody[] }) {
  const { admin, noun, nouns } = CONTENT_KINDS[kind];
  return (
    <AdminPage
      title={`New ${noun}`}
      intro={<RecordIntro list={admin} listLabel={`All ${nouns.toLowerCase()}`} />}
    >
      <ContentForm key={JSON.stringify(draft)} kind={kind} draft={draft} errors={errors} />
    </AdminPage>
  );
}

export function EditContent({
  kind,
  record,
  draft,
  errors,
  notice,
  confirmDelete,
  linksLeadHere,
  asking,
}: {
  kind: ContentKind;
  record: { id: number; title: string; address: string; status: string };
  draft: ContentDraft;
  errors: readonly ErrorBody[];
  notice: string | null;
  confirmDelete: boolean;
  /** The menu and footer links to it, when a delete was answered with them. */
  linksLeadHere?: PlacedLink[];
  /** The links to it, when unpublishing it (the Status button, or the form saved as a draft) was answered with them. */
  asking?: PlacedLink[];
}) {
  const { admin, noun, nouns, shop } = CONTENT_KINDS[kind];
  const published = record.status === "published";
  return (
    <AdminPage
      title={record.title}
      intro={
        <RecordIntro list={admin} listLabel={`All ${nouns.toLowerCase()}`}>
          {published ? "Published at " : "A draft: preview it at "}
          {/* A plain link, so the shop's own page answers the preview with its private headers. */}
          <a href={shop(record.address)} className="underline">
            {shop(record.address)}
          </a>{" "}
          ·{" "}
        </RecordIntro>
      }
    >
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <AdminSection title="Status">
        <Form method="post" className="flex flex-wrap items-center gap-4">
          <p>{published ? "Published: shoppers see it." : "Draft: only staff can see it."}</p>
          <AdminButton name="intent" value={published ? "unpublish" : "publish"} weight={published ? "secondary" : "primary"}>
            {published ? `Unpublish ${noun}` : `Publish ${noun}`}
          </AdminButton>
        </Form>
        {asking ? (
          <LinksStep question={`Unpublish the ${noun} ${record.title}?`} links={asking} intent="save" id={record.id} cancelTo={`${admin}/${record.id}`} form={DRAFT_FORM} />
        ) : null}
      </AdminSection>
      <ContentForm key={JSON.stringify(draft)} kind={kind} draft={draft} errors={errors} />
      <DeleteSection noun={noun} record={record} path={`${admin}/${record.id}`} asking={confirmDelete} consequences="Its address will answer “not found”." linksLeadHere={linksLeadHere} />
    </AdminPage>
  );
}
