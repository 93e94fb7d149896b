/**
 * The collection editor's form: title, handle, whether the home page features it and the navigation links it, and
 * its products and bundles in the shop's order. Every button posts the whole form with its step as `intent`, so the
 * form works before JavaScript loads.
 */
import { SelectField, TextField } from "~/components/account/form-parts";
import { AdminButton, StepButton } from "~/components/admin/admin-form";
import { DraftForm } from "~/components/admin/draft-form";
import { AdminSection } from "~/components/admin/admin-page";
import { placeErrors, type ErrorBody } from "~/lib/form-error";
import { COLLECTION_FIELDS, type CollectionDraft } from "./collection-draft";

type Choice = { id: number; title: string; status?: string };

function OrderedItems({
  kind,
  noun,
  ids,
  choices,
  error,
}: {
  kind: "product" | "bundle";
  noun: string;
  ids: number[];
  choices: Choice[];
  error?: string;
}) {
  const chosen = new Set(ids);
  const addable = choices.filter((choice) => !chosen.has(choice.id));
  const title = `${noun[0].toUpperCase()}${noun.slice(1)}s`;
  return (
    <AdminSection title={title}>
      {error ? <p className="mb-3 text-sm text-red-800">{error}</p> : null}
      {ids.length === 0 ? <p className="mb-4">No {noun}s in this collection.</p> : null}
      <ol className="flex flex-col divide-y divide-black/10">
        {ids.map((id, index) => {
          const choice = choices.find((candidate) => candidate.id === id);
          const name = choice?.title ?? `${title} ${id}`;
          return (
            <li key={id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <input type="hidden" name={`${kind}_ids`} value={id} />
              <span>
                <span className="font-medium">
                  {index + 1}. {name}
                </span>
                {choice?.status && choice.status !== "active" ? <span> ({choice.status}: not shown to shoppers)</span> : null}
              </span>
              <span className="flex flex-wrap gap-2">
                <StepButton intent={`${kind}-up:${index}`} label="Move up" target={name} disabled={index === 0} />
                <StepButton intent={`${kind}-down:${index}`} label="Move down" target={name} disabled={index === ids.length - 1} />
                <StepButton intent={`${kind}-remove:${index}`} label="Remove" target={name} />
              </span>
            </li>
          );
        })}
      </ol>
      <div className="mt-4 grid items-end gap-3 sm:grid-cols-[1fr_auto]">
        <SelectField
          label={`Add a ${noun}`}
          name={`add_${kind}`}
          options={[{ value: "", label: `Choose a ${noun}` }, ...addable.map((choice) => ({ value: String(choice.id), label: choice.title }))]}
          defaultValue=""
        />
        <AdminButton name="intent" value={`add-${kind}`} weight="secondary">
          Add {noun}
        </AdminButton>
      </div>
    </AdminSection>
  );
}

export function CollectionForm({
  draft,
  errors,
  products,
  bundles,
  handleFixed,
}: {
  draft: CollectionDraft;
  errors: readonly ErrorBody[];
  products: Choice[];
  bundles: Choice[];
  /** all_products keeps its handle: /shop lists it. */
  handleFixed?: boolean;
}) {
  const placed = placeErrors(
    errors.map((error) => (error.field?.startsWith("product_ids.") ? { ...error, field: "product_ids" } : error.field?.startsWith("bundle_ids.") ? { ...error, field: "bundle_ids" } : error)),
    COLLECTION_FIELDS,
  );
  return (
    <DraftForm placed={placed} saveLabel="Save collection">
      <AdminSection title="Details">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Title" name="title" defaultValue={draft.title} error={placed.at.title} autoComplete="off" />
          <TextField
            label="Handle (its address: /search?query=handle)"
            name="handle"
            defaultValue={draft.handle}
            error={placed.at.handle}
            autoComplete="off"
            readOnly={handleFixed}
          />
          <label className="flex items-center gap-2">
            <input type="checkbox" name="featured" defaultChecked={draft.featured} className="size-5 shrink-0" />
            Featured on the home page (in place of the one featured now)
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="in_navigation" defaultChecked={draft.inNavigation} className="size-5 shrink-0" />
            Linked in the navigation bar
          </label>
        </div>
      </AdminSection>
      <OrderedItems kind="product" noun="product" ids={draft.productIds} choices={products} error={placed.at.product_ids ?? placed.at.add_product} />
      <OrderedItems kind="bundle" noun="bundle" ids={draft.bundleIds} choices={bundles} error={placed.at.bundle_ids ?? placed.at.add_bundle} />
    </DraftForm>
  );
}
