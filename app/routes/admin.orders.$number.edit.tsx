/**
 * Changing a paid order before it ships (decision 0058): quantities, another variant of a line's product, a product
 * added, the address and the shipping option; "Review changes" prices it by the shop's quote and shows the difference,
 * "Save changes" makes it. Its own route, so the order's screen stays within its first-load budget; plain forms, so it
 * works before the page's scripts have loaded.
 */
import { data, Form, Link, redirect } from "react-router";
import { formatMoney } from "@core/money";
import { orderEditChangesSchema, orderEditSchema } from "@core/schemas/order-edits";
import { FormMessage, SelectField, TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminErrorBoundary, ADMIN_PAGE_HEADERS, adminMeta, AdminPage, AdminSection, RecordIntro } from "~/components/admin/admin-page";
import { NOTICES } from "~/components/admin/notices";
import { BundleItems, Totals } from "~/components/admin/order-parts";
import { applyEdit, editScreen, formFailure, foundOrNotFound, HttpError, listInventory, orderNumberOf, previewEdit, requireStaffPage } from "./admin.orders.$number.edit.server";
import type { Route } from "./+types/admin.orders.$number.edit";

export const meta = ({ params }: Route.MetaArgs) => adminMeta(`Edit order #${params.number}`);

const ADDRESS_FIELDS = [
  ["name", "Full name"],
  ["line1", "Address"],
  ["line2", "Apartment, suite, etc. (optional)"],
  ["city", "City"],
  ["state", "State"],
  ["postal_code", "ZIP code"],
  ["country", "Country code"],
] as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "orders");
  return foundOrNotFound(editScreen(context.db, context.storeId, orderNumberOf(params)));
}

/** A typed quantity as a number for the schema, or as typed when it is none, for the schema to name it. */
const typedNumber = (value: string) => (/^\s*-?\d+\s*$/.test(value) ? Number(value) : value);

/**
 * The edit the form asks for: every line with its quantity and variant as shown (unchanged ones change nothing), the
 * product to add, the address and the option. `fieldOf` turns the API's field names into the form's.
 */
function changesOf(values: Record<string, string>, lineIds: number[]) {
  const changes = {
    lines: lineIds.map((id) => ({ line_id: id, quantity: typedNumber(values[`qty-${id}`] ?? ""), ...(values[`sku-${id}`] ? { sku: values[`sku-${id}`] } : {}) })),
    add: values.add_sku ? [{ sku: values.add_sku, quantity: typedNumber(values.add_qty || "1") }] : [],
    shipping_address: Object.fromEntries(ADDRESS_FIELDS.map(([name]) => [name, values[name] ?? ""])),
    shipping_option: values.shipping_option,
  };
  const fieldOf = (field: string | undefined) => {
    const line = /^lines\.(\d+)\.(quantity|sku)/.exec(field ?? "");
    if (line) return `${line[2] === "sku" ? "sku" : "qty"}-${lineIds[Number(line[1])]}`;
    if (field?.startsWith("add.")) return field.endsWith("quantity") ? "add_qty" : "add_sku";
    if (field?.startsWith("shipping_address.")) return field.slice("shipping_address.".length);
    return field;
  };
  return { changes, fieldOf };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaffPage(context, request, "orders");
  const number = orderNumberOf(params);
  const form = await request.formData();
  const values = Object.fromEntries([...form.entries()].map(([name, value]) => [name, String(value)]));
  const intent = values.intent;
  const lineIds = form.getAll("line").map(Number);
  const { changes, fieldOf } = changesOf(values, lineIds);
  try {
    if (intent === "search") {
      const found = values.q?.trim() ? (await listInventory(context.db, context.storeId, { q: values.q, limit: 20 })).items : [];
      return { values, found, review: null };
    }
    if (intent === "review") {
      const preview = await previewEdit(context, context.storeId, number, orderEditChangesSchema.parse(changes));
      return {
        values,
        found: null,
        review: {
          changes: preview.changes,
          lines: preview.lines.map((line) => ({ title: line.title, options: line.options, quantity: line.quantity, lineTotalCents: line.lineTotalCents })),
          totals: preview.after,
          balanceCents: preview.balanceCents,
          // What "Save changes" sends: the edit as reviewed, and the total it must still price to.
          edit: JSON.stringify(changes),
        },
      };
    }
    if (intent === "save") {
      const { expected_total_cents, ...asked } = orderEditSchema.parse({ ...JSON.parse(values.edit ?? "{}"), expected_total_cents: Number(values.expected_total_cents) });
      const saved = await applyEdit(context, context.storeId, actor, number, asked, expected_total_cents);
      const notice = saved.refund ? "order-edited-refund" : saved.paymentLink ? "order-edited-link" : "order-edited";
      return redirect(NOTICES.onto(`/admin/orders/${number}`, notice));
    }
    throw new HttpError(400, "Unknown action");
  } catch (error) {
    const failure = formFailure(error, values, "The change could not be priced or saved; please try again in a moment");
    const errors = failure.errors.map((body) => ({ ...body, field: fieldOf(body.field) }));
    return data({ values, found: null, review: null, errors }, { status: failure.status, headers: ADMIN_PAGE_HEADERS });
  }
}

/** What the edit means for the customer's money (with what an open payment link still asks), as staff read it before saving. */
function differenceText(cents: number) {
  if (cents > 0) return `The customer will be charged ${formatMoney(cents)} by a payment link`;
  if (cents < 0) return `${formatMoney(-cents)} will be refunded to the customer's card`;
  return "The total is unchanged: nothing to charge or refund";
}

export default function EditOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, editable, lines, shippingOptions } = loaderData;
  const number = order.number!;
  const values: Record<string, string> = actionData?.values ?? {};
  const errors = actionData && "errors" in actionData ? actionData.errors : [];
  const errorAt = (field: string) => errors.find((body) => body.field === field)?.error;
  const formError = errors.find((body) => !body.field || !formFields(lines).includes(body.field))?.error;
  const review = actionData?.review ?? null;
  const found = actionData?.found ?? null;
  const address = order.shippingAddress;
  const shown = (name: string, fallback: string) => values[name] ?? fallback;
  return (
    <AdminPage
      title={`Edit order #${number}`}
      intro={
        <RecordIntro list={`/admin/orders/${number}`} listLabel={`Back to order #${number}`}>
          Paid {formatMoney(order.totalCents)}. The changes are priced as the checkout prices them; the customer is emailed what changed.{" "}
        </RecordIntro>
      }
    >
      {!editable ? (
        <FormMessage tone="error">This order can no longer be changed: only a paid order that has not shipped can be.</FormMessage>
      ) : (
        <Form method="post" className="flex flex-col gap-8">
          {/* Enter in a field reviews the changes rather than searching. */}
          <button type="submit" name="intent" value="review" hidden tabIndex={-1} />
          {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
          <AdminSection title="Items">
            <ul className="flex flex-col divide-y divide-black/10">
              {lines.map((line) => (
                <li key={line.id} className="grid gap-3 py-3 sm:grid-cols-[1fr_8rem_14rem] sm:items-end">
                  <input type="hidden" name="line" value={line.id} />
                  <div>
                    <p className="font-medium">{line.title}</p>
                    {line.words.contents.length > 0 ? <BundleItems items={line.words.contents} /> : <p className="text-sm">{line.words.options}</p>}
                    <p className="text-sm">
                      {formatMoney(line.unitPriceCents)} each{line.subscriptionId ? " (subscription price)" : ""}
                    </p>
                  </div>
                  <TextField
                    label={`Quantity of ${line.title}${line.words.options ? ` (${line.words.options})` : ""}`}
                    name={`qty-${line.id}`}
                    inputMode="numeric"
                    autoComplete="off"
                    defaultValue={shown(`qty-${line.id}`, String(line.quantity))}
                    error={errorAt(`qty-${line.id}`)}
                  />
                  {line.variants.length > 1 ? (
                    <SelectField
                      label={`Variant of ${line.title}`}
                      name={`sku-${line.id}`}
                      options={line.variants.map((variant) => ({
                        value: variant.sku,
                        label: `${variant.options || variant.sku} · ${formatMoney(variant.priceCents)} · ${variant.stock} in stock`,
                      }))}
                      defaultValue={shown(`sku-${line.id}`, line.sku ?? "")}
                      error={errorAt(`sku-${line.id}`)}
                    />
                  ) : (
                    <span />
                  )}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-sm">A quantity of 0 removes the line.</p>
          </AdminSection>

          <AdminSection title="Add a product">
            <div className="grid items-end gap-4 sm:grid-cols-[1fr_auto]">
              <TextField label="Search by SKU or title" name="q" type="search" autoComplete="off" defaultValue={values.q} />
              <AdminButton name="intent" value="search" weight="secondary">
                Search
              </AdminButton>
            </div>
            {found !== null ? (
              found.length === 0 ? (
                <p className="mt-3">No product matches.</p>
              ) : (
                <div className="mt-4 grid items-end gap-4 sm:grid-cols-[1fr_8rem]">
                  <SelectField
                    label="Product to add"
                    name="add_sku"
                    options={[
                      { value: "", label: "None" },
                      ...found.map((item) => ({
                        value: item.sku,
                        label: `${item.productTitle}${Object.values(item.attributes).length ? ` — ${Object.values(item.attributes).join(", ")}` : ""} (${item.sku}) · ${item.stock} in stock`,
                      })),
                    ]}
                    defaultValue={values.add_sku ?? ""}
                    error={errorAt("add_sku")}
                  />
                  <TextField label="Quantity to add" name="add_qty" inputMode="numeric" autoComplete="off" defaultValue={values.add_qty ?? "1"} error={errorAt("add_qty")} />
                </div>
              )
            ) : values.add_sku ? (
              <>
                <input type="hidden" name="add_sku" value={values.add_sku} />
                <input type="hidden" name="add_qty" value={values.add_qty ?? "1"} />
                <p className="mt-3">
                  Adding {values.add_qty ?? "1"} × {values.add_sku}
                </p>
                {errorAt("add_sku") || errorAt("add_qty") ? <FormMessage tone="error">{errorAt("add_sku") ?? errorAt("add_qty")}</FormMessage> : null}
              </>
            ) : null}
          </AdminSection>

          <AdminSection title="Shipping">
            <div className="grid gap-4 sm:grid-cols-2">
              {ADDRESS_FIELDS.map(([name, label]) => (
                <TextField
                  key={name}
                  label={label}
                  name={name}
                  autoComplete="off"
                  defaultValue={shown(name, (address as Record<string, string | null>)[name] ?? "")}
                  error={errorAt(name)}
                />
              ))}
              <SelectField
                label="Shipping option"
                name="shipping_option"
                options={shippingOptions.map((option) => ({ value: option.key, label: option.name }))}
                defaultValue={shown("shipping_option", order.shippingOptionKey)}
                error={errorAt("shipping_option")}
              />
            </div>
          </AdminSection>

          <div>
            <AdminButton name="intent" value="review">
              Review changes
            </AdminButton>
          </div>
        </Form>
      )}

      {review ? (
        <AdminSection title="Review changes">
          <ul className="mb-4 list-disc pl-6">
            {review.changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
          <ul className="flex flex-col divide-y divide-black/10">
            {review.lines.map((line, index) => (
              <li key={index} className="flex justify-between gap-4 py-2">
                <span>
                  {line.quantity} × {line.title}
                  {line.options ? ` (${line.options})` : ""}
                </span>
                <span>{formatMoney(line.lineTotalCents)}</span>
              </li>
            ))}
          </ul>
          <Totals totals={review.totals} />
          <p className="mt-4 text-lg font-semibold" role="status">
            New total {formatMoney(review.totals.totalCents)} (was {formatMoney(order.totalCents)}). {differenceText(review.balanceCents)}.
          </p>
          <Form method="post" className="mt-4 flex flex-wrap gap-4">
            <input type="hidden" name="edit" value={review.edit} />
            <input type="hidden" name="expected_total_cents" value={review.totals.totalCents} />
            <AdminButton name="intent" value="save">
              Save changes
            </AdminButton>
            <Link to={`/admin/orders/${number}`} className="self-center underline">
              Discard changes
            </Link>
          </Form>
        </AdminSection>
      ) : null}
    </AdminPage>
  );
}

/** The form's own fields, where a refusal is shown beside its field rather than above the form. */
function formFields(lines: readonly { id: number }[]): string[] {
  return [...lines.flatMap((line) => [`qty-${line.id}`, `sku-${line.id}`]), "add_sku", "add_qty", "shipping_option", ...ADDRESS_FIELDS.map(([name]) => name)];
}

export const ErrorBoundary = AdminErrorBoundary;
