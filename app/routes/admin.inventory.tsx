import { data, Link, redirect } from "react-router";
import { inventoryQuerySchema } from "@core/schemas/admin-inventory";
import { FormMessage, TextField } from "~/components/account/form-parts";
import { listAddress } from "~/components/admin/admin-list";
import { BULK_EDIT_FORM, BulkEditTable, ListSearch, PagedList } from "~/components/admin/list-screen";
import { AdminErrorBoundary, ADMIN_PAGE_HEADERS, adminMeta, AdminPage } from "~/components/admin/admin-page";
import { StockAdjustForm, STOCK_FORM_FIELDS } from "~/components/admin/stock-adjust-form";
import { STOCK_NOTICES } from "~/components/admin/stock-notices";
import { StockLevel, variantOptions } from "~/components/admin/stock-level";
import { placeErrors } from "~/lib/form-error";
import {
  adjustStockFromForm,
  listInventory,
  readList,
  requireStaffPage,
  waitingStockAlertsByProduct,
  waitingStockAlertsByVariant,
} from "./admin.inventory.server";
import type { Route } from "./+types/admin.inventory";

export const meta = () => adminMeta("Inventory");

const PATH = "/admin/inventory";
const FILTERS = ["q", "low", "cursor"] as const;

// Stock and its Adjust form share a column, so a phone sees both without scrolling sideways.
const COLUMNS = [{ label: "Variant" }, { label: "Select" }, { label: "Stock" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue");
  const url = new URL(request.url);
  const notice = STOCK_NOTICES.of(url);
  const [awaited, waitingByVariant] = await Promise.all([
    waitingStockAlertsByProduct(context.db, context.storeId),
    waitingStockAlertsByVariant(context.db, context.storeId),
  ]);
  const waiting = { awaited, byVariant: Object.fromEntries(waitingByVariant) };
  const { asked, page, errors } = await readList(url, FILTERS, inventoryQuerySchema, ({ q, low, cursor }) =>
    listInventory(context.db, context.storeId, { q, low: low === "true", cursor }),
  );
  if (!page) return data({ asked, items: [], nextCursor: null, errors, notice, waiting }, { status: 400, headers: ADMIN_PAGE_HEADERS });
  return { asked, items: page.items, nextCursor: page.nextCursor, errors, notice, waiting };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaffPage(context, request, "catalogue");
  const done = await adjustStockFromForm(context, actor, await request.formData());
  if (done.ok) {
    // Back to the list as it was, with its filters and page.
    const url = new URL(request.url);
    url.searchParams.set("notice", "stock-adjusted");
    return redirect(`${PATH}?${url.searchParams}`);
  }
  return data(done, { status: done.status, headers: ADMIN_PAGE_HEADERS });
}

export default function AdminInventory({ loaderData, actionData }: Route.ComponentProps) {
  const { asked, items, nextCursor, errors, notice, waiting } = loaderData;
  const placed = placeErrors(errors, FILTERS);
  const failed = actionData && !actionData.ok ? actionData : null;
  const failedAt = placeErrors(failed?.errors, STOCK_FORM_FIELDS);
  return (
    <AdminPage
      title="Inventory"
      intro={<p>Every variant&apos;s stock. Each change is kept in the variant&apos;s history with its reason and who made it.</p>}
    >
      {notice && !failed ? <FormMessage tone="success">{notice}</FormMessage> : null}

      <ListSearch label="Search inventory" columns="sm:grid-cols-[2fr_auto_auto]" refusal={placed.at.cursor ?? placed.at.low ?? placed.form}>
        <TextField label="SKU or product" name="q" type="search" defaultValue={asked.q} error={placed.at.q} />
        <label className="flex items-center gap-2 py-2 font-medium">
          <input type="checkbox" name="low" value="true" defaultChecked={asked.low === "true"} className="h-5 w-5" />
          Low stock only
        </label>
      </ListSearch>

      {waiting.awaited.length > 0 ? (
        <section aria-labelledby="awaited-heading" className="rounded-lg bg-card p-4 shadow-sm sm:p-6">
          <h2 id="awaited-heading" className="text-lg font-semibold">
            Shoppers waiting for a restock
          </h2>
          <p className="text-sm text-black/70">Confirmed back-in-stock alerts; each is emailed once when its variant is restocked.</p>
          <ul className="mt-2 space-y-1">
            {waiting.awaited.map((product) => (
              <li key={product.productId}>
                <Link to={listAddress(PATH, { q: product.productTitle })} className="underline">
                  {product.productTitle}
                </Link>
                : {product.waiting} waiting
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <PagedList label="Inventory pages" noun="variants" path={PATH} asked={asked} empty={items.length === 0} nextCursor={nextCursor}>
        <BulkEditTable hint="Tick the variants to change at once: price, stock, status or collections." label="Variants" minWidth="20rem" columns={COLUMNS}>
          {items.map((item) => {
            const options = variantOptions(item.attributes);
            const open = failed?.variantId === item.variantId;
            return (
              <tr key={item.variantId} className="border-b border-black/10 align-top">
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  <Link to={`${PATH}/${item.variantId}`} className="font-semibold underline">
                    {item.sku}
                  </Link>
                  <span className="block">{item.productTitle}</span>
                  {options ? <span className="block text-black/70">{options}</span> : null}
                </th>
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    form={BULK_EDIT_FORM}
                    name="variant"
                    value={item.variantId}
                    aria-label={`Select ${item.sku}`}
                    className="h-5 w-5"
                  />
                </td>
                {/* Relative, so the summary's screen-reader words stay inside the table's scrolling box on a phone. */}
                <td className="relative px-3 py-2">
                  <StockLevel stock={item.stock} low={item.low} limit={item.lowStockLimit} />
                  {waiting.byVariant[item.variantId] ? (
                    <span className="block text-sm">{waiting.byVariant[item.variantId]} waiting for a restock</span>
                  ) : null}
                  <details open={open} className="mt-1 open:min-w-[14rem]">
                    <summary className="cursor-pointer font-medium underline">
                      Adjust<span className="sr-only"> {item.sku}</span>
                    </summary>
                    <div className="mt-2">
                      <StockAdjustForm
                        variantId={item.variantId}
                        sku={item.sku}
                        compact
                        errors={open ? failedAt.at : undefined}
                        values={open ? failed.values : undefined}
                        formError={open ? failedAt.form : undefined}
                      />
                    </div>
                  </details>
                </td>
              </tr>
            );
          })}
        </BulkEditTable>
      </PagedList>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
