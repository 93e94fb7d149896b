import { useId } from "react";
import type { SubscriptionOption } from "@core/schemas/catalog";
import { formatPrice, intervalLabel } from "./price";

/** One-time purchase or one of the variant's subscriptions (docs/product.md, Product detail). */
export function PurchaseOptions({
  price,
  options,
  selected,
  onChange,
}: {
  price: number;
  options: SubscriptionOption[];
  selected: string | null;
  onChange: (subscriptionId: string | null) => void;
}) {
  const name = useId();
  const row = (checked: boolean) =>
    `flex cursor-pointer items-start gap-3 rounded border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${
      checked ? "border-primary bg-tertiary/50" : "border-black/30 bg-card"
    }`;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">Purchase options</legend>
      <div className="flex flex-col gap-2">
        <label className={row(selected === null)}>
          <input type="radio" name={name} checked={selected === null} onChange={() => onChange(null)} className="mt-1 accent-primary" />
          <span>One-time purchase {formatPrice(price)}</span>
        </label>
        {options.map((option) => (
          <label key={option.subscription_id} className={row(selected === option.subscription_id)}>
            <input
              type="radio"
              name={name}
              checked={selected === option.subscription_id}
              onChange={() => onChange(option.subscription_id)}
              className="mt-1 accent-primary"
            />
            <span>
              <span className="font-semibold">{option.subscription_name}</span>{" "}
              <span>{formatPrice(option.subscription_price)}</span>
              <span className="block text-sm">
                Subscription, delivered {intervalLabel(option.subscription_interval, option.subscription_interval_unit)}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
