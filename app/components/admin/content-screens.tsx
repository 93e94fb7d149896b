/**
 * The blog post and page screens, one of each for both kinds: the list, and the editor (new or existing) with its
 * preview link, publish or unpublish, and delete after asking. The route modules (routes/admin.posts*.tsx,
 * routes/admin.pages*.tsx) give each its kind and data.
 */
import { Form, Link } from "react-router";
import { FormMessage } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminTable } from "~/components/admin/admin-list";
import { AdminPage, AdminSection } from "~/components/admin/admin-page";
import { ConfirmLink, ConfirmStep } from "~/components/admin/confirm-step";
import type { ErrorBody } from "~/lib/form-error";
import { CONTENT_PATHS, type ContentDraft, type ContentKind } from "./content-draft";
import { ContentForm } from "./content-form";

type Listed = { id: number; title: string; address: string; status: string; author?: string; updatedAt: string };

const STATUS_LABELS: Record<string, string> = { draft: "Draft", published: "Published" };

export function ContentList({ kind, items, notice }: { kind: ContentKind; items: Listed[]; notice: string | null }) {
  const { admin, noun, nouns, shop } = CONTENT_PATHS[kind];
  const columns = [{ label: "Title" }, { label: "Address" }, ...(kind === "post" ? [{ label: "Author" }] : []), { label: "Status" }, { label: "Changed" }];
  return (
    <AdminPage
      title={nouns}
      intro={<p>{kind === "post" ? "The blog's posts. A draft is seen by staff only, at its address, until you publish it." : "Static pages such as About or Shipping. A draft is seen by staff only until you publish it."}</p>}
    >
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <p>
        <Link to={`${admin}/new`} className="inline-block rounded bg-button px-4 py-2 font-medium text-button-ink">
          New {noun}
        </Link>
      </p>
      {items.length === 0 ? (
        <p>No {noun}s yet.</p>
      ) : (
        <AdminTable label={nouns} minWidth="36rem" columns={columns}>
          {items.map((item) => (
            <tr key={item.id} className="border-b border-black/10 align-top">
              <th scope="row" className="px-3 py-2">
                <Link to={`${admin}/${item.id}`} className="font-semibold underline">
                  {item.title}
                </Link>
              </th>
              <td className="px-3 py-2">{shop(item.address)}</td>
              {kind === "post" ? <td className="px-3 py-2">{item.author}</td> : null}
              <td className="px-3 py-2">{STATUS_LABELS[item.status] ?? item.status}</td>
              <td className="px-3 py-2">
                <time dateTime={item.updatedAt}>{new Date(item.updatedAt).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" })}</time>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminPage>
  );
}

export function NewContent({ kind, draft, errors }: { kind: ContentKind; draft: ContentDraft; errors: readonly ErrorBody[] }) {
  const { admin, noun, nouns } = CONTENT_PATHS[kind];
  return (
    <AdminPage
      title={`New ${noun}`}
      intro={
        <p>
          <Link to={admin} className="underline">
            All {nouns.toLowerCase()}
          </Link>
        </p>
      }
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
}: {
  kind: ContentKind;
  record: { id: number; title: string; address: string; status: string };
  draft: ContentDraft;
  errors: readonly ErrorBody[];
  notice: string | null;
  confirmDelete: boolean;
}) {
  const { admin, noun, nouns, shop } = CONTENT_PATHS[kind];
  const path = `${admin}/${record.id}`;
  const published = record.status === "published";
  return (
    <AdminPage
      title={record.title}
      intro={
        <p>
          {published ? "Published at " : "A draft: preview it at "}
          {/* A plain link, so the shop's own page answers the preview with its private headers. */}
          <a href={shop(record.address)} className="underline">
            {shop(record.address)}
          </a>{" "}
          ·{" "}
          <Link to={admin} className="underline">
            All {nouns.toLowerCase()}
          </Link>
        </p>
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
      </AdminSection>
      <ContentForm key={JSON.stringify(draft)} kind={kind} draft={draft} errors={errors} />
      <AdminSection title="Delete">
        {confirmDelete ? (
          <ConfirmStep
            question={`Delete the ${noun} ${record.title}? Its address will answer “not found”.`}
            intent="delete"
            id={record.id}
            confirmLabel={`Delete ${noun}`}
            cancelTo={path}
          />
        ) : (
          <ConfirmLink to={`${path}?delete`} label={`Delete the ${noun}`} target={record.title} />
        )}
      </AdminSection>
    </AdminPage>
  );
}
