import { data, Form, Link, redirect } from "react-router";
import { STOCK_REASONS } from "@core/catalog-admin";
import { formatMoney } from "@core/money";
import { FieldError, FormMessage, SelectField, TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminTable } from "~/components/admin/admin-list";
import { STATUS_LABELS, STATUS_OPTIONS } from "~/components/admin/product-form-data";
import { AdminErrorBoundary, ADMIN_PAGE_HEADERS, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { STOCK_REASON_LABELS } from "~/components/admin/stock-adjust-form";
import { STOCK_NOTICES } from "~/components/admin/stock-notices";
import { variantOptions } from "~/components/admin/stock-level";
import { placeErrors } from "~/lib/form-error";
import {
  applyBulkEditAndAlert,
  bulkRequestOf,
  bulkTargets,
  formFailure,
  formFieldOf,
  formValues,
  
  idsOf,
  listCollectionChoices,
  previewBulkEdit,
  requireStaffPage,
} from "./admin.products.bulk.server";
import type { Route } from "./+types/admin.products.bulk";
import { isRefusal } from "@core/errors";

export const meta = () => adminMeta("Bulk edit");

/** The form's fields; only those of the chosen kind are read. */
const BULK_FIELDS = ["kind", "price", "percent", "stock", "delta", "reason", "status", "collection"] as const;

const KINDS = [
  { value: "price_percent", label: "Change the price by a percentage" },
  { value: "price_set", label: "Set the price" },
  { value: "stock_adjust", label: "Change the stock by an amount" },
  { value: "stock_set", label: "Set the stock" },
  { value: "status", label: "Set the product status" },
  { value: "collection_add", label: "Add the products to a collection" },
  { value: "collection_remove", label: "Remove the products from a collection" },
] as const;
const FIELD_LABELS = { price_cents: "Price", stock: "Stock", status: "Status", in_collection: "In the collection" } as const;

type Field = keyof typeof FIELD_LABELS;

function shown(field: Field, value: number | string | boolean): string {
  if (field === "price_cents") return formatMoney(Number(value));
  if (field === "in_collection") return value ? "Yes" : "No";
  if (field === "status") return STATUS_LABELS[value as keyof typeof STATUS_LABELS] ?? String(value);
  return String(value);
}

/** The variants and products chosen, from the address (GET) or the form (POST): `product=<id>` and `variant=<id>`, repeated. */
function chosenOf(values: { getAll(name: string): FormDataEntryValue[] }) {
  return { variantIds: idsOf(values.getAll("variant")), productIds: idsOf(values.getAll("product")) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue");
  const url = new URL(request.url);
  const chosen = chosenOf(url.searchParams);
  const collections = await listCollectionChoices(context.db, context.storeId);
  const notice = STOCK_NOTICES.of(url);
  if (chosen.variantIds.length + chosen.productIds.length === 0) return { chosen, targets: [], collections, notice, error: null };
  try {
    return { chosen, targets: await bulkTargets(context.db, context.storeId, chosen), collections, notice, error: null };
  } catch (error) {
    if (isRefusal(error, "bad-input")) {
      return data({ chosen, targets: [], collections, notice, error: error.message }, { status: 400, headers: ADMIN_PAGE_HEADERS });
    }
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaffPage(context, request, "catalogue");
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const values = formValues(form, BULK_FIELDS);
  try {
    const asked = bulkRequestOf(form, values);
    if (intent === "apply") {
      await applyBulkEditAndAlert(context, actor, asked);
      return redirect(STOCK_NOTICES.onto("/admin/inventory", "bulk-applied"));
    }
    return { ok: true as const, values, preview: await previewBulkEdit(context.db, actor, asked) };
  } catch (error) {
    const failure = formFailure(error, values, "The change could not be made; please try again in a moment");
    const errors = failure.errors.map((body) => ({ ...body, field: formFieldOf(body.field) }));
    return data({ ...failure, errors }, { status: failure.status, headers: ADMIN_PAGE_HEADERS });
  }
}

/** The chosen ids again, so the preview and the apply post the same selection. */
function ChosenFields({ chosen }: { chosen: { variantIds: number[]; productIds: number[] } }) {
  return (
    <>
      {chosen.productIds.map((id) => (
        <input key={`p${id}`} type="hidden" name="product" value={id} />
      ))}
      {chosen.variantIds.map((id) => (
        <input key={`v${id}`} type="hidden" name="variant" value={id} />
      ))}
    </>
  );
}

export default function AdminBulkEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { chosen, targets, collections, notice, error } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : null;
  const preview = actionData?.ok ? actionData.preview : null;
  const values: Partial<Record<(typeof BULK_FIELDS)[number], string>> = actionData?.values ?? {};
  const placed = placeErrors(failed?.errors, BULK_FIELDS);
  const kind = values.kind ?? "price_percent";
  const collectionOptions = collections.map((collection) => ({ value: String(collection.id), label: collection.title }));
  const reasons = STOCK_REASONS.map((reason) => ({ value: reason, label: STOCK_REASON_LABELS[reason] }));
  const products = new Set(targets.map((target) => target.productId)).size;
  return (
    <AdminPage
      title="Bulk edit"
      intro={
        <p>
          One change to many variants at once, in one go: all of it or, if any row cannot change, none.{" "}
          <Link to="/admin/inventory" className="underline">
            Inventory
          </Link>
        </p>
      }
    >
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {targets.length === 0 && !error ? (
        <p>
          Nothing is chosen yet: tick variants on the{" "}
          <Link to="/admin/inventory" className="underline">
            inventory
          </Link>{" "}
          list, or open this page with <code>?product=</code> or <code>?variant=</code> and their ids.
        </p>
      ) : null}

      {targets.length > 0 ? (
        <AdminSection title={`Chosen: ${targets.length} ${targets.length === 1 ? "variant" : "variants"} of ${products} ${products === 1 ? "product" : "products"}`}>
          <ul className="flex flex-col gap-1 text-sm">
            {targets.map((target) => (
              <li key={target.variantId}>
                <span className="font-medium">{target.productTitle}</span> · {target.sku}
                {variantOptions(target.attributes) ? ` · ${variantOptions(target.attributes)}` : ""} · {formatMoney(target.priceCents)} · {target.stock} in stock ·{" "}
                {STATUS_LABELS[target.productStatus as keyof typeof STATUS_LABELS] ?? target.productStatus}
              </li>
            ))}
          </ul>
        </AdminSection>
      ) : null}

      {targets.length > 0 ? (
        <Form method="post" className="flex flex-col gap-6 rounded-lg bg-card p-4 shadow-sm sm:p-6" aria-label="Bulk change">
          <ChosenFields chosen={chosen} />
          <fieldset aria-describedby={placed.at.kind ? "bulk-kind-error" : undefined}>
            <legend className="mb-2 text-xl font-semibold">Change</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {KINDS.map((option) => (
                <label key={option.value} className="flex items-center gap-2">
                  <input type="radio" name="kind" value={option.value} defaultChecked={kind === option.value} className="h-5 w-5" />
                  {option.label}
                </label>
              ))}
            </div>
            <FieldError id="bulk-kind-error" error={placed.at.kind} />
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <TextField label="Percentage (%)" name="percent" inputMode="decimal" defaultValue={values.percent} error={placed.at.percent} />
            <TextField label="New price ($)" name="price" inputMode="decimal" defaultValue={values.price} error={placed.at.price} />
            <TextField label="Stock change (+/−)" name="delta" inputMode="numeric" defaultValue={values.delta} error={placed.at.delta} />
            <TextField label="New stock" name="stock" inputMode="numeric" defaultValue={values.stock} error={placed.at.stock} />
            <SelectField label="Reason (stock)" name="reason" options={reasons} defaultValue={values.reason ?? "correction"} error={placed.at.reason} />
            <SelectField label="Status" name="status" options={STATUS_OPTIONS} defaultValue={values.status ?? "active"} error={placed.at.status} />
            {collectionOptions.length > 0 ? (
              <SelectField label="Collection" name="collection" options={collectionOptions} defaultValue={values.collection} error={placed.at.collection} />
            ) : null}
          </div>
          {placed.form ? <FormMessage tone="error">{placed.form}</FormMessage> : null}
          <div>
            <AdminButton name="intent" value="preview" weight="secondary">
              Preview
            </AdminButton>
          </div>
        </Form>
      ) : null}

      {preview ? (
        <section aria-labelledby="preview-title" className="flex flex-col gap-3">
          <h2 id="preview-title" className="text-xl font-semibold">
            {`Preview: ${preview.changedCount} ${preview.changedCount === 1 ? "change" : "changes"}`}
          </h2>
          <AdminTable
            label="Preview of the changes"
            minWidth="20rem"
            columns={[{ label: "Product / variant" }, { label: "What" }, { label: "Before → after" }]}
          >
            {preview.rows.map((row) => (
              <tr key={`${row.productId}-${row.variantId ?? ""}`} className={`border-b border-black/10 align-top ${row.refused ? "bg-red-50" : ""}`}>
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  <span className="font-medium">{row.productTitle}</span>
                  {row.sku ? <span className="block text-black/70">{row.sku}</span> : null}
                </th>
                <td className="px-3 py-2">{FIELD_LABELS[row.field]}</td>
                <td className="px-3 py-2">
                  <span className="whitespace-nowrap">{shown(row.field, row.before)}</span> →{" "}
                  <span className={`whitespace-nowrap ${row.changed ? "font-semibold" : ""}`}>{shown(row.field, row.after)}</span>
                  {row.changed ? null : <span className="block text-black/70">No change</span>}
                  {row.refused ? <span className="block text-red-800">Refused: {row.refused}</span> : null}
                </td>
              </tr>
            ))}
          </AdminTable>
          {preview.refusedCount > 0 ? (
            <FormMessage tone="error">
              {preview.refusedCount} {preview.refusedCount === 1 ? "row cannot" : "rows cannot"} change, so nothing can be applied. Choose another change, or
              leave those out.
            </FormMessage>
          ) : preview.changedCount === 0 ? (
            <p>Nothing would change.</p>
          ) : (
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <ChosenFields chosen={chosen} />
              {BULK_FIELDS.map((name) => (
                <input key={name} type="hidden" name={name} value={values[name] ?? ""} />
              ))}
              <AdminButton name="intent" value="apply">
                {`Apply ${preview.changedCount} ${preview.changedCount === 1 ? "change" : "changes"}`}
              </AdminButton>
              <span className="text-sm">All of them at once, or none.</span>
            </Form>
          )}
        </section>
      ) : null}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
