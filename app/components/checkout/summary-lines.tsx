import { lineKey, lineTotalCents, recurringLabel, type CartLine } from "@core/cart";
import { formatMoney } from "@core/money";
import { BundleContents } from "~/components/cart/bundle-contents";

/** The checkout summary's lines: what each is (options, bundle contents, recurrence), how many, and what it costs. */
export function SummaryLines({ lines }: { lines: readonly CartLine[] }) {
  return (
    <ul className="space-y-3">
      {lines.map((item) => (
        <li key={lineKey(item)} className="flex justify-between gap-4 text-sm">
          <div className="min-w-0">
            <p className="font-semibold">
              {item.quantity} × {item.title}
            </p>
            {item.kind === "bundle" ? (
              <BundleContents item={item} />
            ) : (
              <>
                {Object.entries(item.attributes).map(
                  ([name, value]) => (
                    <p key={name}>
                      {name}: {value}
                    </p>
                  ),
                )}
                {item.subscription && (
                  <p>{recurringLabel(item.subscription)}</p>
                )}
              </>
            )}
          </div>
          <p className="shrink-0 tabular-nums">{formatMoney(lineTotalCents(item))}</p>
        </li>
      ))}
    </ul>
  );
}
