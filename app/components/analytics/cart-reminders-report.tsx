import { formatMoney } from "@core/money";
import type { CartReminderReport } from "@core/schemas/cart-reminders";

/** The report's cart reminders (decision 0037): mailed, brought back, and what the orders they brought back paid. */
export function CartRemindersReport({ report }: { report: CartReminderReport }) {
  const figures = [
    { label: "Reminders sent", value: String(report.reminders_sent) },
    { label: "Carts restored", value: String(report.carts_restored) },
    {
      label: "Revenue recovered",
      value: formatMoney(report.revenue_recovered_cents),
      note: `${report.orders_recovered} paid ${report.orders_recovered === 1 ? "order" : "orders"}`,
      // On a phone the amount takes the row the two counts share.
      wide: true,
    },
  ];
  return (
    <section aria-labelledby="cart-reminders-heading" className="mt-8 rounded-lg bg-card p-6 shadow-sm">
      <h2 id="cart-reminders-heading" className="text-xl font-semibold">
        Cart reminders
      </h2>
      <p className="mt-1 text-sm">
        Shoppers who asked at checkout to be reminded, and did not pay in time, get one email with a link back to their
        cart. Revenue recovered is the first paid order of each cart a link brought back.
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        {figures.map((figure) => (
          <div key={figure.label} className={`rounded border border-black/20 bg-white p-4${figure.wide ? " col-span-2 sm:col-span-1" : ""}`}>
            <dt className="text-sm">{figure.label}</dt>
            <dd className="text-3xl font-semibold tabular-nums">{figure.value}</dd>
            {figure.note ? <dd className="text-sm">{figure.note}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}
