import { data, Link, redirect } from "react-router";
import { formatMoney } from "@core/money";
import { privatePageHeaders } from "~/components/account/form-parts";
import { orderDate, statusLabel } from "~/lib/order-format";
import { getCustomerOrder, currentCustomer } from "./profile-order.server";
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
    ? await getCustomerOrder(context.db, context.storeId, customer.id, number)
    : null;
  // Another customer's order answers exactly like a missing one.
  if (!order) throw data("Order not found", { status: 404 });
  return { order };
}

export default function ProfileOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const address = order.shippingAddress;
  const totals: [string, number][] = [
    ["Subtotal", order.subtotalCents],
    ...(order.discountCents > 0
      ? [[`Discount${order.discountCode ? ` (${order.discountCode})` : ""}`, -order.discountCents] as [string, number]]
      : []),
    ["Shipping", order.shippingCents],
    ["Tax", order.taxCents],
  ];
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
        <ul className="mt-3 divide-y divide-black/10">
          {order.lines.map((line) => (
            <li key={line.id} className="flex justify-between gap-4 py-3">
              <span>
                {line.quantity} × {line.title}
                {line.attributes && Object.keys(line.attributes).length > 0 ? (
                  <span className="block text-sm">{Object.values(line.attributes).join(", ")}</span>
                ) : null}
              </span>
              <span>{formatMoney(line.lineTotalCents)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-4 border-t border-black/10 pt-4">
          {totals.map(([label, cents]) => (
            <div key={label} className="flex justify-between py-1">
              <dt>{label}</dt>
              <dd>{label === "Shipping" && cents === 0 ? "FREE" : formatMoney(cents)}</dd>
            </div>
          ))}
          <div className="flex justify-between py-1 text-lg font-semibold">
            <dt>Total</dt>
            <dd>{formatMoney(order.totalCents)}</dd>
          </div>
        </dl>
      </div>
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
