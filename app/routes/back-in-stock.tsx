import { data, Link } from "react-router";
import { stockAlertRequestSchema } from "@core/schemas/stock-alerts";
import { AccountPanel, FormMessage } from "~/components/account/form-parts";
import { formFailure, formValues, requestClientIp, requestStockAlert } from "./back-in-stock.server";
import type { Route } from "./+types/back-in-stock";

const REQUEST_FAILED = "We could not set up the alert just now. Please try again.";
const FIELDS = ["sku", "email", "product"] as const;

export function meta() {
  return [{ title: "Back-in-stock alert" }, { name: "robots", content: "noindex" }];
}

/** The product page's form posts here; so does a browser without JavaScript, which then shows this page. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData(), FIELDS);
  const input = { store_id: context.storeId, sku: values.sku, ...(values.email.trim() ? { email: values.email } : {}) };
  const parsed = stockAlertRequestSchema.safeParse(input);
  if (!parsed.success) return data(formFailure(parsed.error, values, REQUEST_FAILED), { status: 400 });
  try {
    const { message } = await requestStockAlert(context, request, requestClientIp(request), context.storeId, parsed.data);
    return { ok: true as const, message, product: values.product };
  } catch (error) {
    const failure = formFailure(error, values, REQUEST_FAILED);
    return data(failure, { status: failure.status });
  }
}

export default function BackInStock({ actionData }: Route.ComponentProps) {
  const product = actionData?.ok ? actionData.product : actionData?.values.product;
  return (
    <AccountPanel title="Back-in-stock alert">
      {actionData?.ok ? (
        <FormMessage tone="success">{actionData.message}</FormMessage>
      ) : (
        actionData?.errors.map((error) => (
          <FormMessage key={error.field ?? "form"} tone="error">
            {error.error}
          </FormMessage>
        ))
      )}
      {product ? (
        <p className="mt-6">
          <Link to={`/products/${encodeURIComponent(product)}`} className="font-medium underline">
            Back to the product
          </Link>
        </p>
      ) : null}
    </AccountPanel>
  );
}
