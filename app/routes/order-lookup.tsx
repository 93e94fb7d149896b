import { data, Form, useNavigation } from "react-router";
import { orderLookupRequestSchema, type OrderLookupResponse } from "@core/schemas/order-lookup";
import { AccountPanel, EmailField, FormMessage, privatePageHeaders, SubmitButton, TextField } from "~/components/account/form-parts";
import { placeErrors } from "~/lib/form-error";
import { orderDate, statusLabel } from "~/lib/order-format";
import { formFailure, formValues, lookUpOrder, requestClientIp } from "./order-lookup.server";
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
    return { ok: true as const, ...(await lookUpOrder(context, requestClientIp(request), context.storeId, parsed.data)) };
  } catch (error) {
    const failure = formFailure(error, values, LOOKUP_FAILED);
    return data(failure, { status: failure.status });
  }
}

export default function OrderLookup({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/orders/lookup") === true;
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
      {actionData?.ok ? <OrderStatus order={actionData.order} /> : null}
    </AccountPanel>
  );
}

function OrderStatus({ order }: OrderLookupResponse) {
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
    </section>
  );
}
