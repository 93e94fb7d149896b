import { data, Link } from "react-router";
import { formatMoney } from "@core/money";
import { productListQuerySchema } from "@core/schemas/admin-catalogue";
import { SelectField, TextField } from "~/components/account/form-parts";
import { BULK_EDIT_FORM, BulkEditTable, ListSearch, PagedList } from "~/components/admin/list-screen";
import { AdminErrorBoundary, adminMeta, AdminPage } from "~/components/admin/admin-page";
import { STATUS_LABELS, STATUS_OPTIONS } from "~/components/admin/product-form-data";
import { placeErrors } from "~/lib/form-error";
import { listAdminProducts, readList, requireStaffPage } from "./admin.products.server";
import type { Route } from "./+types/admin.products";

export const meta = () => adminMeta("Products");

const PATH = "/admin/products";
const FILTERS = ["q", "status", "cursor"] as const;

const PRODUCT_COLUMNS = [{ label: "Product" }, { label: "Select" }, { label: "Status" }, { label: "Variants", numeric: true }, { label: "Stock", numeric: true }, { label: "Price", numeric: true }];

const priceRange = (min: number | null, max: number | null) =>
  min === null || max === null ? "—" : min === max ? formatMoney(min) : `${formatMoney(min)} – ${formatMoney(max)}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue");
  const { asked, page, errors } = await readList(new URL(request.url), FILTERS, productListQuerySchema, (query) => listAdminProducts(context.db, context.storeId, query));
  if (!page) return data({ asked, products: [], nextCursor: null, errors }, { status: 400 });
  return { asked, products: page.products, nextCursor: page.nextCursor, errors };
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { asked, products, nextCursor, errors } = loaderData;
  const placed = placeErrors(errors, FILTERS);
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
      <ListSearch label="Search products" columns="sm:grid-cols-[2fr_1fr_auto]" refusal={placed.at.cursor ?? placed.form}>
        <TextField label="Title, handle or SKU" name="q" type="search" defaultValue={asked.q} error={placed.at.q} />
        <SelectField label="Status" name="status" options={[{ value: "", label: "Any" }, ...STATUS_OPTIONS]} defaultValue={asked.status} error={placed.at.status} />
      </ListSearch>

      <PagedList label="Product pages" noun="products" path={PATH} asked={asked} empty={products.length === 0} nextCursor={nextCursor}>
        <BulkEditTable
          hint="Tick the products to change all their variants at once: price, stock, status or collections."
          label="Products"
          minWidth="36rem"
          columns={PRODUCT_COLUMNS}
        >
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
                    <span className="block font-normal wrap-break-word text-black/70">{product.handle}</span>
                  </span>
                </div>
              </th>
              <td className="px-3 py-2">
                <input type="checkbox" form={BULK_EDIT_FORM} name="product" value={product.id} aria-label={`Select ${product.title}`} className="h-5 w-5" />
              </td>
              <td className="px-3 py-2">{STATUS_LABELS[product.status]}</td>
              <td className="px-3 py-2 text-right">{product.variantCount}</td>
              <td className="px-3 py-2 text-right">{product.totalStock}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap">{priceRange(product.minPriceCents, product.maxPriceCents)}</td>
            </tr>
          ))}
        </BulkEditTable>
      </PagedList>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
