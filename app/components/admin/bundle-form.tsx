/**
 * The bundle editor's form: title, handle, description, price, the standalone flag, its products (each with the
 * variants it offers and a quantity, in the bundle's order) and its pictures. Every button posts the whole form with
 * its step as `intent`, so the form works before JavaScript loads and a step keeps what was typed beside it.
 */
import { formatMoney } from "@core/money";
import { LabelledField, SelectField, TextField } from "~/components/account/form-parts";
import { AdminButton, StepButton } from "~/components/admin/admin-form";
import { DraftForm } from "~/components/admin/draft-form";
import { AdminSection } from "~/components/admin/admin-page";
import { placeErrors, type ErrorBody } from "~/lib/form-error";
import { BUNDLE_FIELDS, type BundleDraft } from "./bundle-draft";

export type BundleFormProduct = {
  id: number;
  title: string;
  status: string;
  variants: { sku: string; attributes: Record<string, string>; priceCents: number }[];
};

function variantLabel(variant: BundleFormProduct["variants"][number]): string {
  const options = Object.values(variant.attributes).join(" / ");
  return `${options ? `${options} · ` : ""}${variant.sku} · ${formatMoney(variant.priceCents)}`;
}

export function BundleForm({
  draft,
  errors,
  products,
}: {
  draft: BundleDraft;
  errors: readonly ErrorBody[];
  /** Every product of the store, with its variants. */
  products: BundleFormProduct[];
}) {
  const placed = placeErrors(
    errors.filter((error) => !error.field?.startsWith("products.") && !error.field?.startsWith("image_urls.")),
    BUNDLE_FIELDS,
  );
  const rowError = (prefix: string) => errors.find((error) => error.field === prefix || error.field?.startsWith(`${prefix}.`))?.error;
  const held = new Set(draft.products.map((product) => product.productId));
  const addable = products.filter((product) => !held.has(product.id));
  return (
    <DraftForm placed={placed} saveLabel="Save bundle">
      <AdminSection title="Details">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Title" name="title" defaultValue={draft.title} error={placed.at.title} autoComplete="off" />
          <TextField label="Handle (the address: /bundles/handle)" name="handle" defaultValue={draft.handle} error={placed.at.handle} autoComplete="off" />
          <TextField label="Price in dollars" name="price" inputMode="decimal" defaultValue={draft.price} error={placed.at.price} autoComplete="off" />
          <label className="flex items-center gap-2 self-end py-2">
            <input type="checkbox" name="is_standalone" defaultChecked={draft.isStandalone} className="size-5 shrink-0" />
            Standalone: sold on its own page only, not listed on its products&apos; pages
          </label>
          <div className="sm:col-span-2">
            <LabelledField
              label="Description"
              error={placed.at.description}
              control={(control) => <textarea name="description" rows={4} defaultValue={draft.description} {...control} />}
            />
          </div>
        </div>
      </AdminSection>

      <AdminSection title="Products">
        {placed.at.products ? <p className="mb-3 text-sm text-red-800">{placed.at.products}</p> : null}
        {draft.products.length === 0 ? <p className="mb-4">No products yet: add the first below.</p> : null}
        <ol className="flex flex-col gap-4">
          {draft.products.map((item, index) => {
            const product = products.find((candidate) => candidate.id === item.productId);
            const title = product?.title ?? `Product ${item.productId}`;
            const error = rowError(`products.${index}`);
            const errorId = `bundle-product-${item.productId}-error`;
            return (
              <li key={item.productId} className="rounded border border-black/15 p-3">
                <input type="hidden" name="product_id" value={item.productId} />
                <fieldset aria-describedby={error ? errorId : undefined}>
                  <legend className="font-semibold">
                    {index + 1}. {title}
                    {product && product.status !== "active" ? <span className="font-normal"> ({product.status})</span> : null}
                  </legend>
                  <p className="mt-1 text-sm">Variants the bundle offers (of one price):</p>
                  <ul className="mt-1 grid gap-1 sm:grid-cols-2">
                    {(product?.variants ?? []).map((variant) => (
                      <li key={variant.sku}>
                        <label className="flex items-center gap-2">
                          <input type="checkbox" name={`skus_${item.productId}`} value={variant.sku} defaultChecked={item.skus.includes(variant.sku)} className="size-5 shrink-0" />
                          <span className="break-words">{variantLabel(variant)}</span>
                        </label>
                      </li>
                    ))}
                  </ul>
                  <div className="mt-3 max-w-xs">
                    <TextField label={`Quantity of ${title}`} name={`quantity_${item.productId}`} inputMode="numeric" defaultValue={item.quantity} autoComplete="off" />
                  </div>
                  {error ? (
                    <p id={errorId} className="mt-2 text-sm text-red-800">
                      {error}
                    </p>
                  ) : null}
                </fieldset>
                <div className="mt-3 flex flex-wrap gap-2">
                  <StepButton intent={`product-up:${index}`} label="Move up" target={title} disabled={index === 0} />
                  <StepButton intent={`product-down:${index}`} label="Move down" target={title} disabled={index === draft.products.length - 1} />
                  <StepButton intent={`product-remove:${index}`} label="Remove" target={title} />
                </div>
              </li>
            );
          })}
        </ol>
        <div className="mt-4 grid items-end gap-3 sm:grid-cols-[1fr_auto]">
          <SelectField
            label="Add a product"
            name="add_product"
            options={[{ value: "", label: "Choose a product" }, ...addable.map((product) => ({ value: String(product.id), label: product.title }))]}
            defaultValue=""
            error={placed.at.add_product}
          />
          <AdminButton name="intent" value="add" weight="secondary">
            Add product
          </AdminButton>
        </div>
      </AdminSection>

      {draft.imageUrls.length > 0 ? (
        <AdminSection title="Pictures">
          {placed.at.image_urls ? <p className="mb-3 text-sm text-red-800">{placed.at.image_urls}</p> : null}
          <ol className="grid gap-4 sm:grid-cols-3">
            {draft.imageUrls.map((url, index) => {
              const target = `picture ${index + 1}`;
              return (
                <li key={url} className="flex flex-col gap-2 rounded border border-black/15 p-2">
                  <input type="hidden" name="image_urls" value={url} />
                  <img src={url} alt={`${draft.title}, ${index + 1} of ${draft.imageUrls.length}${index === 0 ? " (shown on cards)" : ""}`} className="aspect-square w-full rounded object-cover" />
                  {rowError(`image_urls.${index}`) ? <p className="text-sm text-red-800">{rowError(`image_urls.${index}`)}</p> : null}
                  <div className="flex flex-wrap gap-2">
                    <StepButton intent={`picture-up:${index}`} label="Move up" target={target} disabled={index === 0} />
                    <StepButton intent={`picture-down:${index}`} label="Move down" target={target} disabled={index === draft.imageUrls.length - 1} />
                    <StepButton intent={`picture-remove:${index}`} label="Remove" target={target} />
                  </div>
                </li>
              );
            })}
          </ol>
        </AdminSection>
      ) : null}
    </DraftForm>
  );
}
