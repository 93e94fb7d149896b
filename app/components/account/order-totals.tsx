import { formatMoney } from "@core/money";

export type OrderTotalsFigures = {
  subtotalCents: number;
  discountCents: number;
  discountCode?: string | null;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
};

/** An order's totals as the customer's pages show them: subtotal, the discount when there is one, shipping, tax and total. */
export function OrderTotals({ totals, className = "" }: { totals: OrderTotalsFigures; className?: string }) {
  const rows: [string, number][] = [
    ["Subtotal", totals.subtotalCents],
    ...(totals.discountCents > 0
      ? [[`Discount${totals.discountCode ? ` (${totals.discountCode})` : ""}`, -totals.discountCents] as [string, number]]
      : []),
    ["Shipping", totals.shippingCents],
    ["Tax", totals.taxCents],
  ];
  return (
    <dl className={`border-t border-black/10 pt-4 ${className}`}>
      {rows.map(([label, cents]) => (
        <div key={label} className="flex justify-between py-1">
          <dt>{label}</dt>
          <dd>{label === "Shipping" && cents === 0 ? "FREE" : formatMoney(cents)}</dd>
        </div>
      ))}
      <div className="flex justify-between py-1 text-lg font-semibold">
        <dt>Total</dt>
        <dd>{formatMoney(totals.totalCents)}</dd>
      </div>
    </dl>
  );
}
