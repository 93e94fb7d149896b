import { data, Link, redirect } from "react-router";
import { variantIdParamsSchema } from "@core/schemas/admin-inventory";
import { FormMessage } from "~/components/account/form-parts";
import { AdminTable } from "~/components/admin/admin-list";
import { AdminErrorBoundary, ADMIN_PAGE_HEADERS, adminMeta, AdminPage, AdminSection, RecordIntro } from "~/components/admin/admin-page";
import { STOCK_FORM_FIELDS, STOCK_REASON_LABELS, StockAdjustForm } from "~/components/admin/stock-adjust-form";
import { STOCK_NOTICES } from "~/components/admin/stock-notices";
import { StockLevel, variantOptions } from "~/components/admin/stock-level";
import { When } from "~/components/admin/when";
import { placeErrors } from "~/lib/form-error";
import { adjustStockFromForm, foundOrNotFound, inventoryItem, requireStaffPage, stockHistory } from "./admin.inventory.$variantId.server";
import type { Route } from "./+types/admin.inventory.$variantId";

export const meta = ({ loaderData }: Route.MetaArgs) => adminMeta(loaderData ? `Stock of ${loaderData.variant.sku}` : "Stock");

// Few enough columns to fit a phone without scrolling sideways: a note goes under its reason, an order under who.
const HISTORY_COLUMNS = [{ label: "When" }, { label: "Change", numeric: true }, { label: "Stock after", numeric: true }, { label: "Reason" }, { label: "Who" }];

/** The variant's id from the address; anything that cannot be one is a page that does not exist. */
function variantIdOf(params: { variantId: string }): number {
  const parsed = variantIdParamsSchema.safeParse({ id: params.variantId });
  if (!parsed.success) throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
  return Number(parsed.data.id);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue");
  const variantId = variantIdOf(params);
  const variant = await foundOrNotFound(inventoryItem(context.db, context.storeId, variantId));
  const history = await stockHistory(context.db, context.storeId, variantId);
  return { variant, history, notice: STOCK_NOTICES.of(new URL(request.url)) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaffPage(context, request, "catalogue");
  const variantId = variantIdOf(params);
  const form = await request.formData();
  // The address names the variant; a field saying otherwise is not followed.
  form.set("variant_id", String(variantId));
  const done = await adjustStockFromForm(context, actor, form);
  if (done.ok) return redirect(STOCK_NOTICES.onto(`/admin/inventory/${variantId}`, "stock-adjusted"));
  return data(done, { status: done.status, headers: ADMIN_PAGE_HEADERS });
}

export default function AdminVariantStock({ loaderData, actionData }: Route.ComponentProps) {
  const { variant, history, notice } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : null;
  const placed = placeErrors(failed?.errors, STOCK_FORM_FIELDS);
  const options = variantOptions(variant.attributes);
  return (
    <AdminPage
      title={`Stock of ${variant.sku}`}
      intro={
        <RecordIntro list="/admin/inventory" listLabel="All inventory">
          {variant.productTitle}
          {options ? ` · ${options}` : ""} ·{" "}
        </RecordIntro>
      }
    >
      {notice && !failed ? <FormMessage tone="success">{notice}</FormMessage> : null}

      <AdminSection title="Adjust">
        <p className="mb-4">
          In stock: <StockLevel stock={variant.stock} low={variant.low} limit={variant.lowStockLimit} />{" "}
          <span className="text-black/70">
            (low at {variant.lowStockLimit} or fewer{variant.lowStockThreshold === null ? ", the shop's threshold" : ""})
          </span>
        </p>
        <StockAdjustForm variantId={variant.variantId} sku={variant.sku} errors={placed.at} values={failed?.values} formError={placed.form} />
      </AdminSection>

      <section aria-labelledby="history-title" className="flex flex-col gap-3">
        <h2 id="history-title" className="text-xl font-semibold">
          History
        </h2>
        {history.length === 0 ? (
          <p>No changes recorded yet.</p>
        ) : (
          <AdminTable label="Stock history" minWidth="20rem" columns={HISTORY_COLUMNS}>
            {history.map((entry) => (
              <tr key={entry.id} className="border-b border-black/10 align-top">
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  <When at={entry.at} />
                </th>
                <td className="px-3 py-2 text-right font-semibold">{entry.delta > 0 ? `+${entry.delta}` : entry.delta}</td>
                <td className="px-3 py-2 text-right">{entry.stockAfter}</td>
                <td className="px-3 py-2">
                  {STOCK_REASON_LABELS[entry.reason]}
                  {entry.note ? <span className="block break-words text-black/70">{entry.note}</span> : null}
                </td>
                <td className="px-3 py-2">
                  <span className="break-all">{entry.actorLabel}</span>
                  {entry.orderNumber ? (
                    <Link to={`/admin/orders/${entry.orderNumber}`} className="block underline">
                      Order #{entry.orderNumber}
                    </Link>
                  ) : null}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
