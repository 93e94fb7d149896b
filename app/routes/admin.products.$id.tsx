import { Form, Link } from "react-router";
import { linksAsked, LinksStep } from "~/components/admin/links-step";
import { FormMessage } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminErrorBoundary, adminMeta, AdminPage, AdminSection, RecordIntro } from "~/components/admin/admin-page";
import { ProductForm } from "~/components/admin/product-form";
import { DRAFT_FORM } from "~/components/admin/draft-form";
import { PRODUCT_NOTICES, productFormValuesOf, STATUS_LABELS } from "~/components/admin/product-form-data";
import {
  listCollectionChoices,
  listTaxClassChoices,
  loadProduct,
  productFormAction,
  productIdOf,
  requireStaffPage,
  savedVariantFacts,
} from "./admin.products.$id.server";
import type { Route } from "./+types/admin.products.$id";

export const meta = ({ loaderData }: Route.MetaArgs) => adminMeta(loaderData ? loaderData.product.title : "Product");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue");
  const product = await loadProduct(context, productIdOf(params));
  return {
    product,
    // Made here, so the page's JavaScript carries no code to make them.
    values: productFormValuesOf(product),
    saved: await savedVariantFacts(context, product),
    collections: await listCollectionChoices(context.db, context.storeId),
    taxClasses: await listTaxClassChoices(context.db, context.storeId),
    notice: PRODUCT_NOTICES.of(new URL(request.url)),
  };
}

export const action = ({ request, context, params }: Route.ActionArgs) => productFormAction(context, request, productIdOf(params));

export default function AdminProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { linksLeadHere, formAnswer } = linksAsked(actionData);
  const { product, values, saved, collections, taxClasses, notice } = loaderData;
  const placed = formAnswer?.placed ?? { at: {} };
  const archived = product.status === "archived";
  return (
    <AdminPage
      title={product.title}
      intro={
        <RecordIntro list="/admin/products" listLabel="All products">
          {STATUS_LABELS[product.status]} ·{" "}
          <a href={`/products/${product.handle}`} className="underline">
            Preview on the shop
          </a>{" "}
          ·{" "}
          <Link to={`/admin/products/${product.id}/pictures`} className="underline">
            Pictures ({product.pictures.length})
          </Link>{" "}
          ·{" "}
        </RecordIntro>
      }
    >
      {notice && !formAnswer ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {product.oldHandles.length > 0 ? (
        <p className="text-sm">Earlier addresses that forward here: {product.oldHandles.map((handle) => `/products/${handle}`).join(", ")}</p>
      ) : null}

      <ProductForm
        // A new save, another product (a duplicate opens its copy) or each answer of the action (a step, a refusal)
        // draws the form afresh from what it holds, never keeping fields of the last drawing beside it; to the
        // millisecond, as a duplicate made within a second of a save must not keep the original's values.
        key={`${product.id}:${product.updatedAt.getTime()}:${formAnswer?.drawn ?? ""}`}
        values={formAnswer?.values ?? values}
        rows={formAnswer?.rows ?? product.variants.length}
        focus={formAnswer?.focus}
        unsaved={formAnswer !== undefined}
        saved={saved}
        errors={placed.at}
        formError={placed.form}
        collections={collections}
        taxClasses={taxClasses}
        isNew={false}
      />
      {formAnswer?.asking ? (
        <LinksStep question={`Save ${product.title}? Its page leaves the shop.`} links={formAnswer.asking} intent="save" id={product.id} cancelTo={`/admin/products/${product.id}`} form={DRAFT_FORM} />
      ) : null}

      <AdminSection title="More">
        <div className="flex flex-wrap gap-3">
          <Form method="post">
            <AdminButton name="intent" value="duplicate" weight="secondary">
              Duplicate
            </AdminButton>
          </Form>
          <Form method="post">
            <AdminButton name="intent" value={archived ? "unarchive" : "archive"} weight="secondary">
              {archived ? "Unarchive (back to draft)" : "Archive"}
            </AdminButton>
          </Form>
        </div>
        {linksLeadHere ? (
          <LinksStep question={`Archive ${product.title}? Its page leaves the shop.`} links={linksLeadHere} intent="archive" id={product.id} cancelTo={`/admin/products/${product.id}`} />
        ) : null}
        <p className="mt-2 text-sm">A copy is a draft without stock, with -copy in its handle and SKUs. An archived product is hidden from shoppers and kept for its orders.</p>
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
