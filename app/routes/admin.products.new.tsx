import { AdminErrorBoundary, adminMeta, AdminPage, RecordIntro } from "~/components/admin/admin-page";
import { linksAsked } from "~/components/admin/links-step";
import { ProductForm } from "~/components/admin/product-form";
import { BLANK_VARIANT_ROWS } from "~/components/admin/product-form-data";
import { listCollectionChoices, listTaxClassChoices, newProductCollectionIds, productFormAction, requireStaffPage } from "./admin.products.$id.server";
import type { Route } from "./+types/admin.products.new";

export const meta = () => adminMeta("Add product");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue");
  const [collections, taxClasses, listedIn] = await Promise.all([
    listCollectionChoices(context.db, context.storeId),
    listTaxClassChoices(context.db, context.storeId),
    newProductCollectionIds(context.db, context.storeId),
  ]);
  // The form starts where a new product saved without naming its collections would be: in the shop's list of all.
  return { collections, taxClasses, blank: { status: "draft", collections: listedIn.join(",") } };
}

export const action = ({ request, context }: Route.ActionArgs) => productFormAction(context, request, null);

export default function AdminNewProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { formAnswer } = linksAsked(actionData);
  const placed = formAnswer?.placed ?? { at: {} };
  return (
    <AdminPage
      title="Add product"
      intro={
        <RecordIntro list="/admin/products" listLabel="All products">
          Saved as a draft unless you choose otherwise; add pictures once it is saved.{" "}
        </RecordIntro>
      }
    >
      <ProductForm
        // Each answer of the action (a step, a refusal) draws the form afresh from what it holds.
        key={formAnswer?.drawn ?? "new"}
        values={formAnswer?.values ?? loaderData.blank}
        rows={formAnswer?.rows ?? BLANK_VARIANT_ROWS}
        saved={{}}
        errors={placed.at}
        formError={placed.form}
        collections={loaderData.collections}
        taxClasses={loaderData.taxClasses}
        focus={formAnswer?.focus}
        unsaved={formAnswer !== undefined}
        isNew
      />
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
