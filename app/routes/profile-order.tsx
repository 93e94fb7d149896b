import { data, Link, redirect } from "react-router";
import { privatePageHeaders } from "~/components/account/form-parts";
import { ItemLines } from "~/components/account/item-lines";
import { OrderTotals } from "~/components/account/order-totals";
import { OrderDocumentLinks } from "~/components/order-documents";
import { statusLabel, useOrderDate } from "~/lib/order-format";
import { getCustomerOrderInWords, currentCustomer } from "./profile-order.server";
import type { Route } from "./+types/profile-order";

export function meta({ params }: Route.MetaArgs) {
  return [{ title: `Order #${params.number}` }];
}

export const headers = privatePageHeaders;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const customer = await currentCustomer(context, request);
  if (!customer) throw redirect("/login");
  const number = Number(params.number);
  const order = Number.isSafeInteger(number) && number > 0
    ? await getCustomerOrderInWords(context.db, context.storeId, customer.id, number)
    : null;
  // Another customer's order answers exactly like a missing one.
  if (!order) throw data("Order not found", { status: 404 });
  return { order };
}

export default function ProfileOrder({ loaderData }: Route.ComponentProps) {
  const orderDate = useOrderDate();
  const { order } = loaderData;
  const address = order.shippingAddress;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-12">
      <Link to="/profile" className="underline">
        ← Back to your profile
      </Link>
      <h1 className="mt-4 font-heading text-3xl font-semibold">Order #{order.number}</h1>
      <p className="mt-2">
        Placed on {orderDate(order.placedAt)} · Status: {statusLabel(order.status)}
      </p>
      <div className="mt-6 rounded-lg bg-card p-6 shadow-sm">
        <h2 className="text-xl font-semibold">Items</h2>
        <ItemLines
          className="mt-3"
          lines={order.lines.map((line) => ({
            key: line.id,
            quantity: line.quantity,
            title: line.title,
            options: line.options,
            contents: line.contents,
            cents: line.lineTotalCents,
          }))}
        />
        <OrderTotals className="mt-4" totals={order} />
      </div>
      <div className="mt-6 rounded-lg bg-card p-6 shadow-sm">
        <h2 className="text-xl font-semibold">Returns</h2>
        <p className="mt-2">
          <Link to={`/orders/${order.number}/returns`} className="font-medium underline">
            Start a return or see your returns
          </Link>
        </p>
      </div>
      {order.documents.length > 0 ? (
        <div className="mt-6 rounded-lg bg-card p-6 shadow-sm">
          <h2 className="text-xl font-semibold">Invoice</h2>
          <OrderDocumentLinks className="mt-2" documents={order.documents} hrefOf={(doc) => `/profile/orders/${order.number}/documents/${doc.filename}`} />
        </div>
      ) : null}
      <div className="mt-6 rounded-lg bg-card p-6 shadow-sm">
        <h2 className="text-xl font-semibold">Shipping address</h2>
        <address className="mt-2 not-italic">
          {[address.name, address.line1, address.line2, `${address.city}, ${address.state} ${address.postal_code}`, address.country]
            .filter(Boolean)
            .map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
        </address>
      </div>
    </section>
  );
}
