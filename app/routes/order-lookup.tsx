import { data, Form } from "react-router";
import { orderLookupRequestSchema, type OrderLookupResponse } from "@core/schemas/order-lookup";
import { AccountPanel, EmailField, FormMessage, privatePageHeaders, SubmitButton, TextField, useSending } from "~/components/account/form-parts";
import { placeErrors } from "~/lib/form-error";
import { statusLabel, useOrderDate } from "~/lib/order-format";
import { OrderDocumentLinks } from "~/components/order-documents";
import { documentsWithSignedLinks, formFailure, formValues, lookUpOrder, requestClientIp, returnsPathOfFound } from "./order-lookup.server";
import type { Route } from "./+types/order-lookup";

const LOOKUP_FAILED = "We could not look up the order just now. Please try again.";
const FIELDS = ["order_number", "email"] as const;

export function meta() {
  return [{ title: "Order status" }, { name: "robots", content: "noindex" }];
}

// The answer names an order's status: never kept by a shared cache.
export const headers = privatePageHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData(), FIELDS);
  // "#1042", as the emails write it, is the number 1042.
  const number = values.order_number.trim().replace(/^#/, "");
  const parsed = orderLookupRequestSchema.safeParse({ ...values, order_number: number, store_id: context.storeId });
  if (!parsed.success) return data(formFailure(parsed.error, values, LOOKUP_FAILED), { status: 400 });
  try {
    const found = await lookUpOrder(context, requestClientIp(request), context.storeId, parsed.data);
    // Found by its number and email: the answer carries a signed link to the order's returns (decision 0056), and its
    // invoice and credit notes by links signed for whoever just proved the order's email.
    const [returnsPath, documents] = await Promise.all([
      returnsPathOfFound(context.db, context.storeId, found.order.number),
      documentsWithSignedLinks(context.db, context.storeId, found.order.number),
    ]);
    return { ok: true as const, ...found, returnsPath, documents };
  } catch (error) {
    const failure = formFailure(error, values, LOOKUP_FAILED);
    return data(failure, { status: failure.status });
  }
}

export default function OrderLookup({ actionData }: Route.ComponentProps) {
  const busy = useSending("/orders/lookup");
  const failure = actionData?.ok === false ? actionData : undefined;
  const placed = placeErrors(failure?.errors, FIELDS);
  return (
    <AccountPanel title="Order status">
      <p className="mb-6">Enter your order number and the email you placed the order with.</p>
      <Form method="post" className="flex flex-col gap-4" noValidate aria-label="Find an order">
        {placed.form ? <FormMessage tone="error">{placed.form}</FormMessage> : null}
        <TextField
          label="Order number"
          name="order_number"
          inputMode="numeric"
          autoComplete="off"
          required
          defaultValue={failure?.values.order_number}
          error={placed.at.order_number}
        />
        <EmailField defaultValue={failure?.values.email} error={placed.at.email} />
        <SubmitButton busy={busy} label="Find Order" busyLabel="Looking..." />
      </Form>
      {actionData?.ok ? <OrderStatus order={actionData.order} returnsPath={actionData.returnsPath} documents={actionData.documents} /> : null}
    </AccountPanel>
  );
}

type Document = { kind: "invoice" | "credit_note"; number: string; filename: string; totalCents: number; replaced: boolean; href: string };

function OrderStatus({ order, returnsPath, documents }: OrderLookupResponse & { returnsPath: string | null; documents: Document[] }) {
  const orderDate = useOrderDate();
  return (
    <section aria-labelledby="found-order" className="mt-8 border-t border-black/10 pt-6" role="status">
      <h2 id="found-order" className="text-xl font-semibold">
        Order #{order.number}
      </h2>
      <p className="mt-2">
        Placed on {orderDate(order.placed_at)} · Status: {statusLabel(order.status)}
      </p>
      {order.shipped_at ? (
        <p className="mt-2">
          Shipped on {orderDate(order.shipped_at)}
          {order.carrier ? ` with ${order.carrier}` : ""}
          {order.tracking_number ? `, tracking number ${order.tracking_number}` : ""}.
        </p>
      ) : null}
      {order.tracking_url ? (
        <p className="mt-2">
          <a href={order.tracking_url} className="font-medium underline" rel="noopener noreferrer" target="_blank">
            Track your parcel<span className="sr-only"> (opens the carrier&apos;s site in a new tab)</span>
          </a>
        </p>
      ) : null}
      {returnsPath && order.shipped_at ? (
        <p className="mt-2">
          <a href={returnsPath} className="font-medium underline">
            Start a return or see your returns
          </a>
        </p>
      ) : null}
      {documents.length > 0 ? (
        <OrderDocumentLinks className="mt-2" linkClassName="font-medium underline" documents={documents} hrefOf={(doc) => doc.href} />
      ) : null}
    </section>
  );
}
