/**
 * The blog post and static page editor's form: title, address, author (posts), picture, sections in order (each
 * one's text written in the rich-text editor, decision 0076), draft or published. Every button posts the whole form with its step as `intent`, so the form works before
 * JavaScript loads; the picture goes with the save as multipart.
 */
import { SelectField, TextField } from "~/components/account/form-parts";
import { RICH_TEXT_KEPT, RichTextField } from "~/components/admin/rich-text-field";
import { AdminButton, StepButton } from "~/components/admin/admin-form";
import { DraftForm } from "~/components/admin/draft-form";
import { AdminSection } from "~/components/admin/admin-page";
import { placeErrors, type ErrorBody } from "~/lib/form-error";
import { CONTENT_LIMITS, type ContentKind } from "@core/content-admin";
import { CONTENT_FIELDS, CONTENT_KINDS, type ContentDraft } from "./content-draft";

const STATUS_OPTIONS = [
  { value: "draft", label: "Draft: only staff can see it" },
  { value: "published", label: "Published: shoppers see it" },
];

function Sections({ draft, errors }: { draft: ContentDraft; errors: readonly ErrorBody[] }) {
  const errorAt = (field: string) => errors.find((error) => error.field === field)?.error;
  return (
    <ol className="flex flex-col gap-6">
      {draft.sections.map((section, index) => {
        const name = `Section ${index + 1}`;
        return (
          <li key={index} className="rounded border border-black/15 p-4">
            <h3 className="mb-3 font-semibold">{name}</h3>
            <div className="flex flex-col gap-3">
              <TextField
                label={`${name} subheading (optional)`}
                name="section_subheading"
                defaultValue={section.subheading}
                maxLength={CONTENT_LIMITS.subheading}
                error={errorAt(`sections.${index}.subheading`)}
                autoComplete="off"
              />
              <RichTextField label={`${name} text`} name="section_content" rows={6} defaultValue={section.content} error={errorAt(`sections.${index}.content`)} />
            </div>
            <p className="mt-3 flex flex-wrap gap-2">
              <StepButton intent={`section-up:${index}`} label="Move up" target={name} disabled={index === 0} />
              <StepButton intent={`section-down:${index}`} label="Move down" target={name} disabled={index === draft.sections.length - 1} />
              <StepButton intent={`section-remove:${index}`} label="Remove" target={name} disabled={draft.sections.length === 1} />
            </p>
          </li>
        );
      })}
    </ol>
  );
}

export function ContentForm({ kind, draft, errors }: { kind: ContentKind; draft: ContentDraft; errors: readonly ErrorBody[] }) {
  const placed = placeErrors(errors.filter((error) => !error.field?.startsWith("sections.")), CONTENT_FIELDS);
  const { noun, addressLabel, hasAuthor } = CONTENT_KINDS[kind];
  return (
    <DraftForm placed={placed} saveLabel={`Save ${noun}`} multipart>
      <AdminSection title="Details">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Title" name="title" defaultValue={draft.title} maxLength={CONTENT_LIMITS.title} error={placed.at.title} autoComplete="off" />
          <TextField
            label={addressLabel}
            name="address"
            defaultValue={draft.address}
            maxLength={CONTENT_LIMITS.address}
            error={placed.at.address}
            autoComplete="off"
          />
          {hasAuthor ? (
            <TextField label="Author" name="author" defaultValue={draft.author} maxLength={CONTENT_LIMITS.author} error={placed.at.author} autoComplete="off" />
          ) : null}
          <SelectField label="Status" name="status" options={STATUS_OPTIONS} defaultValue={draft.status} error={placed.at.status} />
        </div>
      </AdminSection>
      <AdminSection title="Picture">
        {draft.imageUrl ? (
          <div className="mb-4 flex flex-wrap items-center gap-4">
            <img src={draft.imageUrl} alt={draft.title} width={160} height={120} className="h-28 w-40 rounded object-cover" />
            <input type="hidden" name="image_url" value={draft.imageUrl} />
            <label className="flex items-center gap-2">
              <input type="checkbox" name="remove_picture" className="size-5 shrink-0" />
              Remove the picture
            </label>
          </div>
        ) : (
          <p className="mb-4">No picture.</p>
        )}
        <TextField
          label={draft.imageUrl ? "Replace it with (JPEG, PNG, WebP or AVIF; 20 MB)" : "Add one (JPEG, PNG, WebP or AVIF; 20 MB)"}
          name="file"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          error={placed.at.file ?? placed.at.image_url}
        />
      </AdminSection>
      <AdminSection title="Sections">
        <p className="mb-4">{RICH_TEXT_KEPT}</p>
        {placed.at.sections ? <p className="mb-3 text-sm text-red-800">{placed.at.sections}</p> : null}
        <Sections draft={draft} errors={errors} />
        <p className="mt-4">
          <AdminButton name="intent" value="add-section" weight="secondary">
            Add a section
          </AdminButton>
        </p>
      </AdminSection>
    </DraftForm>
  );
}
