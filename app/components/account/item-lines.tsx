import { formatMoney } from "@core/money";

/** `contents`: what a bundle holds, in words ('1 × Harbor Dark Roast — Ground, 12 oz'). */
export type ItemLine = { key: number; quantity: number; title: string; options: string; contents?: readonly string[]; cents: number | null };

/** The items of an order or a subscription, as the customer's pages list them: quantity, title, options, amount. */
export function ItemLines({ lines, className = "" }: { lines: ItemLine[]; className?: string }) {
  return (
    <ul className={`divide-y divide-black/10 ${className}`}>
      {lines.map((line) => (
        <li key={line.key} className="flex justify-between gap-4 py-3">
          <span>
            {line.quantity} × {line.title}
            {line.options ? <span className="block text-sm">{line.options}</span> : null}
            {line.contents && line.contents.length > 0 ? (
              <span className="block text-sm">
                {line.contents.map((item) => (
                  <span key={item} className="block">
                    {item}
                  </span>
                ))}
              </span>
            ) : null}
          </span>
          <span>{line.cents === null ? "" : formatMoney(line.cents)}</span>
        </li>
      ))}
    </ul>
  );
}
