/**
 * A customer's returns of one order (decision 0056): signed in for their own order, or with the signed link the order
 * lookup and the return emails give. Within the shop's window after shipping they pick the items, how many and why,
 * in a plain form that works before the page's script has loaded; afterwards each return shows where it stands.
 */
import { data, Form, Link, redirect } from "react-router";
import { formatMoney } from "@core/money";
import { RETURN_REASONS } from "@core/returns";
import { returnRequestSchema } from "@core/schemas/admin-returns";
import { FormMessage, privatePageHeaders, SelectField, TextField } from "~/components/account/form-parts";
import { useOrderDate } from "~/lib/order-format";
import { ReturnQuantity } from "~/components/return-quantity";
import { currentCustomer, customerReturnsPage, formFailure, mayReturn, startReturn } from "./order-returns.server";
import type { Route } from "./+types/order-returns";

export function meta({ params }: Route.MetaArgs) {
  return [{ title: `Returns for order #${params.number}` }, { name: "robots", content: "noindex" }];
}

export const headers = privatePageHeaders;

const REASON_OPTIONS = [{ value: "", label: "Choose a reason" }, ...Object.entries(RETURN_REASONS).map(([value, label]) => ({ value, label }))];

async function accessOf(context: Route.LoaderArgs["context"], request: Request, params: { number: string }) {
  const number = Number(params.number);
  if (!Number.isSafeInteger(number) || number <= 0) throw data("Order not found", { status: 404 });
  const customer = await currentCustomer(context, request);
  const key = new URL(request.url).searchParams.get("key");
  return { number, access: { customerId: customer?.id ?? null, key } };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { number, access } = await accessOf(context, request, params);
  const page = await customerReturnsPage(context, context.storeId, number, access);
  // Another's order, a forged link and a missing order answer alike.
  if (!page) throw data("Order not found", { status: 404 });
  return { page, started: new URL(request.url).searchParams.has("started"), signedIn: access.customerId !== null };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { number, access } = await accessOf(context, request, params);
  if (!(await mayReturn(context.db, context.storeId, number, access))) throw data("Order not found", { status: 404 });
  const form = await request.formData();
  const lines = form.getAll("line").map((id) => ({ order_line_id: Number(id), quantity: Number(String(form.get(`quantity_${id}`) ?? "0").trim() || "0") }));
  const values = { reason: String(form.get("reason") ?? ""), note: String(form.get("note") ?? "") };
  try {
    const asked = returnRequestSchema.parse({ lines, reason: values.reason || undefined, note: values.note });
    await startReturn(context, context.storeId, number, asked, { customer: true });
  } catch (error) {
    const failure = formFailure(error, values, "We could not send your return request just now. Please try again.");
    return data({ errors: failure.errors, values }, { status: failure.status });
  }
  const url = new URL(request.url);
  url.searchParams.set("started", "");
  return redirect(`${url.pathname}?${url.searchParams.toString()}`);
}

export default function OrderReturns({ loaderData, actionData }: Route.ComponentProps) {
  const orderDate = useOrderDate();
  const { page, started, signedIn } = loaderData;
  const open = page.lines.filter((line) => line.left > 0);
  const refusal = actionData?.errors.map((error) => error.error).join(" ");
  const reasonError = actionData?.errors.find((error) => error.field === "reason")?.error;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-12">
      {signedIn ? (
        <Link to={`/profile/orders/${page.number}`} className="underline">
          ← Back to order #{page.number}
        </Link>
      ) : null}
      <h1 className="mt-4 font-heading text-3xl font-semibold">Returns for order #{page.number}</h1>
      {started && !actionData ? (
        <div className="mt-4">
          <FormMessage tone="success">Your return request was sent. We will email you once we have looked at it.</FormMessage>
        </div>
      ) : null}

      {page.returns.length > 0 ? (
        <div className="mt-6 rounded-lg bg-card p-6 shadow-sm">
          <h2 className="text-xl font-semibold">Your returns</h2>
          <ul className="mt-3 flex flex-col gap-4">
            {page.returns.map((ret) => (
              <li key={ret.id} className="border-t border-black/10 pt-3 first:border-0 first:pt-0">
                <p className="font-medium">
                  Return {ret.id} · Status: {ret.label}
                </p>
                <p className="text-sm">Started on {orderDate(ret.createdAt)}</p>
                <ul className="mt-1 list-disc pl-5">
                  {ret.lines.map((line, index) => (
                    <li key={index}>
                      {line.quantity} × {line.title}
                      {line.options ? ` (${line.options})` : ""}
                    </li>
                  ))}
                </ul>
                {ret.declineNote ? <p className="mt-1">{ret.declineNote}</p> : null}
                {ret.refundedCents !== null ? <p className="mt-1">Refunded {formatMoney(ret.refundedCents)} to your original payment method.</p> : null}
                {ret.exchangeOrderNumber !== null ? (
                  <p className="mt-1">
                    Exchanged as order #{ret.exchangeOrderNumber}
                    {ret.owedCents > 0 ? `; ${formatMoney(ret.owedCents)} to pay before it ships (we will email you a link).` : "."}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="mt-6 rounded-lg bg-card p-6 shadow-sm">
        <h2 className="text-xl font-semibold">Start a return</h2>
        {!page.window.open ? (
          <p className="mt-2">{page.window.why}</p>
        ) : open.length === 0 ? (
          <p className="mt-2">Every item of this order is already being returned.</p>
        ) : (
          <Form method="post" className="mt-3 flex flex-col gap-4" aria-label="Start a return">
            <p>You can start a return until {orderDate(page.window.closesAt)}. Choose how many of each item to send back.</p>
            {refusal ? <FormMessage tone="error">{refusal}</FormMessage> : null}
            {open.map((line) => (
              <ReturnQuantity key={line.id} line={line} label={`${line.title}${line.options ? ` (${line.options})` : ""}: how many to return (up to ${line.left})`} />
            ))}
            <SelectField label="Reason" name="reason" options={REASON_OPTIONS} defaultValue={actionData?.values.reason ?? ""} error={reasonError} />
            <TextField label="Anything we should know? (optional)" name="note" autoComplete="off" maxLength={1000} defaultValue={actionData?.values.note} />
            <div>
              <button type="submit" className="rounded bg-button px-6 py-3 font-semibold text-button-ink">
                Start a return
              </button>
            </div>
          </Form>
        )}
      </div>
    </section>
  );
}
