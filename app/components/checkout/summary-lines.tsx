import { recurringLabel } from "@core/cart";
import { formatMoney } from "@core/money";
import type { CheckoutLine } from "@core/schemas/checkout";
import { BundleContents } from "~/components/cart/bundle-contents";

/** The checkout summary's lines: what each is (options, bundle contents, recurrence), how many, and what it costs. */
export function SummaryLines({ lines }: { lines: readonly CheckoutLine[] }) {
  return (
    <ul className="space-y-3">
      {lines.map(({ item, line_total }) => (
        <li
          key={
            item.kind === "bundle"
              ? `b${item.bundle_id}${JSON.stringify(item.selected_variants)}`
              : `p${item.sku}${item.subscription?.subscription_id ?? ""}`
          }
          className="flex justify-between gap-4 text-sm"
        >
          <div className="min-w-0">
            <p className="font-semibold">
              {item.quantity} × {item.title}
            </p>
            {item.kind === "bundle" ? (
              <BundleContents item={item} />
            ) : (
              <>
                {Object.entries(item.product_attributes).map(
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
          <p className="shrink-0 tabular-nums">{formatMoney(line_total)}</p>
        </li>
      ))}
    </ul>
  );
}
