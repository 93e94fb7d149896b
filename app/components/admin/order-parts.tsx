/**
 * What an order's, a draft's and a subscription's screens show alike: the lines, the totals, where it ships and its
 * timeline (who it is for and how it is paid beside each other is customer-and-payment.tsx).
 */
import { formatMoney } from "@core/money";
import { When } from "./when";

function Money({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) {
  return (
    <>
      <dt className={strong ? "font-semibold" : undefined}>{label}</dt>
      <dd className={`text-right ${strong ? "font-semibold" : ""}`}>{formatMoney(cents)}</dd>
    </>
  );
}

/** Subtotal, the discount if any, shipping, tax and the total, right-aligned under the items. */
export function Totals({
  totals,
  taxes = [{ label: "Tax", cents: totals.taxCents }],
}: {
  totals: { subtotalCents: number; discountCents: number; discountCode?: string | null; shippingCents: number; taxCents: number; totalCents: number };
  /** The tax by rate, as an invoice prints it ('Tax VA 1%'), where the order kept its rates. */
  taxes?: readonly { label: string; cents: number }[];
}) {
  return (
    <dl className="mt-4 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1">
      <Money label="Subtotal" cents={totals.subtotalCents} />
      {totals.discountCents > 0 ? <Money label={`Discount${totals.discountCode ? ` (${totals.discountCode})` : ""}`} cents={-totals.discountCents} /> : null}
      <Money label="Shipping" cents={totals.shippingCents} />
      {taxes.map((tax) => (
        <Money key={tax.label} label={tax.label} cents={tax.cents} />
      ))}
      <Money label="Total" cents={totals.totalCents} strong />
    </dl>
  );
}

export type ShownAddress = { name: string; line1: string; line2?: string | null; city: string; state: string; postal_code: string; country: string };

/** Where the order goes, as a postal address reads. */
export function ShippingAddress({ address }: { address: ShownAddress }) {
  return (
    <address className="mt-3 not-italic">
      {address.name}
      <br />
      {address.line1}
      {address.line2 ? (
        <>
          <br />
          {address.line2}
        </>
      ) : null}
      <br />
      {address.city}, {address.state} {address.postal_code}
      <br />
      {address.country}
    </address>
  );
}

export type ShownLine = { title: string; options: string; sku: string | null; contents?: readonly { text: string; sku: string }[] };

/** What a bundle holds, in words, each item's SKU after it for whoever picks it from the shelf. */
export function BundleItems({ items }: { items: readonly { text: string; sku: string }[] }) {
  return (
    <ul className="text-sm">
      {items.map((item) => (
        <li key={item.sku}>
          {item.text} <span className="text-black/70">· SKU {item.sku}</span>
        </li>
      ))}
    </ul>
  );
}

/** One line of the items (an `li`): the product, its options (or a bundle's contents) and SKU, then what it costs (`children`) on the right. */
export function ItemLine({ line, children }: { line: ShownLine; children: React.ReactNode }) {
  return (
    <li className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
      <div>
        <p className="font-medium">{line.title}</p>
        {line.options ? <p className="text-sm">{line.options}</p> : null}
        {line.contents && line.contents.length > 0 ? <BundleItems items={line.contents} /> : null}
        {line.sku ? <p className="text-sm text-black/70">SKU {line.sku}</p> : null}
      </div>
      <p className="text-right">{children}</p>
    </li>
  );
}

/** What happened, oldest first, each with its moment (and who did it, when the record keeps that). */
export function Timeline({ entries }: { entries: readonly { at: Date | string; text: string; actor?: string }[] }) {
  return (
    <ol className="flex flex-col gap-2">
      {entries.map((entry, index) => (
        <li key={index} className="grid gap-x-4 sm:grid-cols-[12rem_1fr]">
          <span className="text-sm text-black/70">
            <When at={entry.at} />
          </span>
          <span className="break-words">
            {entry.text}
            {entry.actor ? <span className="text-sm text-black/70">{` (${entry.actor})`}</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
