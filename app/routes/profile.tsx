import { data, Form, Link, redirect } from "react-router";
import { formatMoney } from "@core/money";
import { FormMessage, privatePageHeaders, SubmitButton, useSending } from "~/components/account/form-parts";
import { statusLabel, useOrderDate } from "~/lib/order-format";
import { listCustomerOrders, currentCustomer, setCookies, signOut, logger } from "./profile.server";
import type { Route } from "./+types/profile";

export function meta() {
  return [{ title: "Your Profile" }];
}

export const headers = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await currentCustomer(context, request);
  if (!customer) throw redirect("/login");
  const orders = await listCustomerOrders(context.db, context.storeId, customer.id);
  return { customer, orders };
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    return redirect("/", { headers: setCookies(await signOut(context, request)) });
  } catch (error) {
    logger.error({ err: error }, "logout failed");
    return data({ error: "Logout failed" }, { status: 500 });
  }
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const orderDate = useOrderDate();
  const { customer, orders } = loaderData;
  const busy = useSending("/profile");
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-12">
      <h1 className="font-heading text-3xl font-semibold">Your Profile</h1>
      <div className="mt-6 flex flex-col gap-4 rounded-lg bg-card p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="text-lg font-semibold">
            {customer.firstName} {customer.lastName}
          </p>
          <p>{customer.email}</p>
        </div>
        <Form method="post" className="sm:w-40">
          <SubmitButton busy={busy} label="Logout" />
        </Form>
      </div>
      {actionData?.error ? <FormMessage tone="error" className="mt-4">{actionData.error}</FormMessage> : null}
      <p className="mt-6">
        <Link to="/profile/subscriptions" className="font-medium underline">
          Your subscriptions
        </Link>
        : deliveries on a schedule, to skip, pause, change or cancel.
      </p>

      <h2 className="mt-10 font-heading text-2xl font-semibold">Your Orders</h2>
      {orders.length === 0 ? (
        <p className="mt-4">
          You have no orders yet.{" "}
          <Link to="/shop" className="font-medium underline">
            Start shopping
          </Link>
        </p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-lg bg-card shadow-sm">
          <table className="w-full text-left">
            <caption className="sr-only">Orders placed with your account</caption>
            <thead className="border-b border-black/10">
              <tr>
                <th scope="col" className="px-4 py-3">Order</th>
                <th scope="col" className="px-4 py-3">Date</th>
                <th scope="col" className="px-4 py-3">Status</th>
                <th scope="col" className="px-4 py-3 text-right">Total</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.number} className="border-b border-black/5 last:border-0">
                  <td className="px-4 py-3">
                    <Link to={`/profile/orders/${order.number}`} className="font-medium underline">
                      Order #{order.number}
                    </Link>
                  </td>
                  <td className="px-4 py-3">{orderDate(order.placedAt)}</td>
                  <td className="px-4 py-3">{statusLabel(order.status)}</td>
                  <td className="px-4 py-3 text-right">{formatMoney(order.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
