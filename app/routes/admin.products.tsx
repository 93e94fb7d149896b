import { data, Form, Link } from "react-router";
import { formatMoney } from "@core/money";
import { productListQuerySchema } from "@core/schemas/admin-catalogue";
import { TextField } from "~/components/account/form-parts";
import { AdminButton, SelectField } from "~/components/admin/admin-form";
import { AdminTable, listAddress, ListPages } from "~/components/admin/admin-list";
import { AdminErrorBoundary, adminHeaders, adminMeta, AdminPage } from "~/components/admin/admin-page";
import { STATUS_LABELS, STATUS_OPTIONS } from "~/components/admin/product-form-data";
import { placeErrors } from "~/lib/form-error";
import { HttpError, listAdminProducts, requireStaffPage } from "./admin.products.server";
import type { Route } from "./+types/admin.products";

export const headers = adminHeaders;
export const meta = () => adminMeta("Products");

const PATH = "/admin/products";
const FILTERS = ["q", "status", "cursor"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;
const BULK_FORM = "bulk-edit-selected";

const PRODUCT_COLUMNS = [{ label: "Product" }, { label: "Select" }, { label: "Status" }, { label: "Variants", numeric: true }, { label: "Stock", numeric: true }, { label: "Price", numeric: true }];

const priceRange = (min: number | null, max: number | null) =>
  min === null || max === null ? "—" : min === max ? formatMoney(min) : `${formatMoney(min)} – ${formatMoney(max)}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue");
  const params = new URL(request.url).searchParams;
  const asked = Object.fromEntries(FILTERS.map((name) => [name, params.get(name)?.trim() ?? ""])) as Filters;
  const parsed = productListQuerySchema.safeParse(Object.fromEntries(Object.entries(asked).filter(([, value]) => value !== "")));
  const refused = (errors: { error: string; field?: string }[]) => data({ asked, products: [], nextCursor: null, errors }, { status: 400 });
  if (!parsed.success) return refused(parsed.error.issues.map((issue) => ({ error: issue.message, field: String(issue.path[0]) })));
  try {
    const page = await listAdminProducts(context.db, context.storeId, parsed.data);
    return { asked, products: page.products, nextCursor: page.nextCursor, errors: [] };
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) return refused([{ error: error.message, field: error.field }]);
    throw error;
  }
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { asked, products, nextCursor, errors } = loaderData;
  const placed = placeErrors(errors, FILTERS);
  const { cursor: _page, ...filters } = asked;
  return (
    <AdminPage
      title="Products"
      intro={
        <p>
          Newest first. Draft and archived products are hidden from shoppers.{" "}
          <Link to={`${PATH}/new`} className="font-medium underline">
            Add product
          </Link>{" "}
          ·{" "}
          <Link to={`${PATH}/import`} className="font-medium underline">
            Import from Shopify
          </Link>
        </p>
      }
    >
      <Form method="get" role="search" aria-label="Search products" className="grid items-end gap-4 rounded-lg bg-card p-4 shadow-sm sm:grid-cols-[2fr_1fr_auto] sm:p-6">
        <TextField label="Title, handle or SKU" name="q" type="search" defaultValue={asked.q} error={placed.at.q} />
        <SelectField label="Status" name="status" options={[{ value: "", label: "Any" }, ...STATUS_OPTIONS]} defaultValue={asked.status} error={placed.at.status} />
        <AdminButton weight="secondary">Search</AdminButton>
        {placed.at.cursor || placed.form ? <p className="text-sm text-red-800 sm:col-span-3">{placed.at.cursor ?? placed.form}</p> : null}
      </Form>

      {products.length === 0 ? (
        <p>{asked.q || asked.status ? "No products match." : "No products yet."}</p>
      ) : (
        <>
          <Form method="get" action={`${PATH}/bulk`} id={BULK_FORM} className="flex flex-wrap items-center gap-3">
            <AdminButton weight="secondary">Bulk edit selected</AdminButton>
            <span className="text-sm text-black/70">Tick the products to change all their variants at once: price, stock, status or collections.</span>
          </Form>
          <AdminTable label="Products" minWidth="36rem" columns={PRODUCT_COLUMNS}>
            {products.map((product) => (
              <tr key={product.id} className="border-b border-black/10 align-middle">
                <th scope="row" className="px-3 py-2">
                  <div className="flex items-center gap-3">
                    {product.pictureUrl ? (
                      <img src={product.pictureUrl} alt="" width={48} height={48} loading="lazy" className="size-12 shrink-0 rounded object-cover" />
                    ) : (
                      <span aria-hidden="true" className="size-12 shrink-0 rounded bg-black/10" />
                    )}
                    <span>
                      <Link to={`${PATH}/${product.id}`} className="font-semibold underline">
                        {product.title}
                      </Link>
                      <span className="block font-normal break-all text-black/70">{product.handle}</span>
                    </span>
                  </div>
                </th>
                <td className="px-3 py-2">
                  <input type="checkbox" form={BULK_FORM} name="product" value={product.id} aria-label={`Select ${product.title}`} className="h-5 w-5" />
                </td>
                <td className="px-3 py-2">{STATUS_LABELS[product.status]}</td>
                <td className="px-3 py-2 text-right">{product.variantCount}</td>
                <td className="px-3 py-2 text-right">{product.totalStock}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap">{priceRange(product.minPriceCents, product.maxPriceCents)}</td>
              </tr>
            ))}
          </AdminTable>
        </>
      )}

      <ListPages
        label="Product pages"
        noun="products"
        newest={asked.cursor ? listAddress(PATH, filters) : undefined}
        older={nextCursor ? listAddress(PATH, { ...filters, cursor: nextCursor }) : undefined}
      />
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
