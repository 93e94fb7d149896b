import { formatMoney } from "@core/money";
import type { ShippingOption } from "@core/schemas/checkout";

/** The shipping methods on offer once the address is complete, each with what it costs this order. */
export function ShippingMethods({
  options,
  optionId,
  onSelect,
  quotedShippingCents,
  error,
}: {
  options: readonly ShippingOption[];
  optionId: string | null;
  onSelect(optionId: string): void;
  /** The server's quote for the chosen method's shipping, once there is one. */
  quotedShippingCents: number | null;
  error: string | null;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold uppercase tracking-wide">SHIPPING METHOD</legend>
      {error && (
        <p role="alert" className="mt-2 text-red-800">
          {error}
        </p>
      )}
      {options.length === 0 ? (
        <p className="mt-2 text-sm">Enter your email and shipping address to see shipping options.</p>
      ) : (
        <div className="mt-2 space-y-2">
          {options.map((option) => {
            // What the chosen method costs this order is the server's quote (a threshold or a free-shipping code);
            // the others show their price, and their description says when they ship free.
            const chosen = option.shipping_option_id === optionId;
            const cents = (chosen ? quotedShippingCents : null) ?? Math.round(option.price * 100);
            return (
              <label key={option.shipping_option_id} className="flex items-start gap-3 rounded border border-black/30 bg-white p-3">
                <input
                  type="radio"
                  name="shipping_option"
                  value={option.shipping_option_id}
                  checked={chosen}
                  onChange={() => onSelect(option.shipping_option_id)}
                  className="mt-1"
                />
                <span className="flex-1">
                  <span className="font-semibold">{option.shipping_option_name}</span>
                  <span className="block text-sm">{option.additional_information}</span>
                </span>
                <span>{cents === 0 ? "FREE" : formatMoney(cents)}</span>
              </label>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
