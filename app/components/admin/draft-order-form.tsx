/**
 * The draft order form (new and edit): customer, address, shipping, line rows and a discount, one plain form that
 * works before the page's scripts load. The server prices it by the checkout's quote on every save; the page shows
 * the totals it answers, never its own sums.
 */
import { formatMoney } from "@core/money";
import { SelectField, TextField } from "~/components/account/form-parts";
import { StepButton } from "~/components/admin/admin-form";
import { DraftForm } from "~/components/admin/draft-form";
import { AdminSection } from "~/components/admin/admin-page";
import { placeErrors, type ErrorBody } from "~/lib/form-error";

export const DRAFT_STATUS_LABELS = { open: "Open", invoice_sent: "Invoice sent", paid: "Paid" } as const;

export type DraftFormValues = Record<string, string>;

export type ProductChoice = { sku: string; name: string; priceCents: number; stock: number };
export type ShippingChoice = { key: string; name: string; priceCents: number };

const LINE_FIELDS = ["sku", "quantity", "price"] as const;
const FIELDS = [
  "email",
  "customer_name",
  "shipping_address.line1",
  "shipping_address.line2",
  "shipping_address.city",
  "shipping_address.state",
  "shipping_address.postal_code",
  "shipping_address.country",
  "shipping_option",
  "shipping_price",
  "discount_value",
] as const;

/**
 * The form. `values` is what the fields hold (the draft's, or what was typed before a refusal); `rows` how many line
 * rows it shows, the draft's lines and blank ones to add.
 */
export function DraftOrderForm({
  values,
  rows,
  products,
  shippingOptions,
  errors,
  submitLabel,
}: {
  values: DraftFormValues;
  rows: number;
  products: readonly ProductChoice[];
  shippingOptions: readonly ShippingChoice[];
  errors: readonly ErrorBody[];
  submitLabel: string;
}) {
  const lineFields = Array.from({ length: rows }, (_, row) => LINE_FIELDS.map((part) => `lines.${row}.${part}`)).flat();
  const placed = placeErrors(errors, [...FIELDS, ...lineFields]);
  const at = placed.at as Record<string, string | undefined>;
  const productOptions = [
    { value: "", label: "Choose a product" },
    ...products.map((product) => ({ value: product.sku, label: `${product.name} (${formatMoney(product.priceCents)}, ${product.stock} in stock)` })),
  ];
  return (
    <DraftForm placed={placed} saveLabel={submitLabel}>
      <AdminSection title="Customer">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Email" name="email" type="email" autoComplete="off" required defaultValue={values.email} error={at.email} />
          <TextField label="Name" name="customer_name" required defaultValue={values.customer_name} error={at.customer_name} />
        </div>
      </AdminSection>

      <AdminSection title="Shipping address">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Address line 1" name="shipping_address.line1" required defaultValue={values["shipping_address.line1"]} error={at["shipping_address.line1"]} />
          <TextField label="Address line 2 (optional)" name="shipping_address.line2" defaultValue={values["shipping_address.line2"]} error={at["shipping_address.line2"]} />
          <TextField label="City" name="shipping_address.city" required defaultValue={values["shipping_address.city"]} error={at["shipping_address.city"]} />
          <TextField label="State" name="shipping_address.state" required maxLength={40} defaultValue={values["shipping_address.state"]} error={at["shipping_address.state"]} />
          <TextField label="Postal code" name="shipping_address.postal_code" required defaultValue={values["shipping_address.postal_code"]} error={at["shipping_address.postal_code"]} />
          <TextField label="Country (two letters)" name="shipping_address.country" maxLength={2} defaultValue={values["shipping_address.country"] || "US"} error={at["shipping_address.country"]} />
        </div>
      </AdminSection>

      <AdminSection title="Lines">
        <p className="mb-3 text-sm">Leave the price blank to charge the catalogue's price; type one (in dollars) to charge that instead.</p>
        <ol className="flex flex-col gap-4">
          {Array.from({ length: rows }, (_, row) => {
            const filled = Boolean(values[`lines.${row}.sku`]);
            return (
              <li key={row} className="grid items-end gap-3 border-b border-black/10 pb-4 sm:grid-cols-[1fr_6rem_8rem_auto]">
                <SelectField
                  label={`Line ${row + 1}: product`}
                  name={`lines.${row}.sku`}
                  options={productOptions}
                  defaultValue={values[`lines.${row}.sku`] ?? ""}
                  error={at[`lines.${row}.sku`]}
                />
                <TextField
                  label={`Line ${row + 1}: quantity`}
                  name={`lines.${row}.quantity`}
                  inputMode="numeric"
                  defaultValue={values[`lines.${row}.quantity`] || "1"}
                  error={at[`lines.${row}.quantity`]}
                />
                <TextField
                  label={`Line ${row + 1}: price each`}
                  name={`lines.${row}.price`}
                  inputMode="decimal"
                  defaultValue={values[`lines.${row}.price`]}
                  error={at[`lines.${row}.price`]}
                />
                {filled ? <StepButton intent={`remove-${row}`} label="Remove" target={`line ${row + 1}`} /> : <span />}
              </li>
            );
          })}
        </ol>
      </AdminSection>

      <AdminSection title="Shipping and discount">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Shipping option"
            name="shipping_option"
            options={shippingOptions.map((option) => ({ value: option.key, label: `${option.name} (${formatMoney(option.priceCents)})` }))}
            defaultValue={values.shipping_option}
            error={at.shipping_option}
          />
          <TextField label="Shipping price (blank: the shop's rates)" name="shipping_price" inputMode="decimal" defaultValue={values.shipping_price} error={at.shipping_price} />
          <SelectField
            label="Discount"
            name="discount_kind"
            options={[
              { value: "", label: "None" },
              { value: "code", label: "A discount code" },
              { value: "amount", label: "An amount off (dollars)" },
              { value: "percent", label: "A percent off" },
            ]}
            defaultValue={values.discount_kind ?? ""}
          />
          <TextField label="Discount code, amount or percent" name="discount_value" defaultValue={values.discount_value} error={at.discount_value} />
        </div>
      </AdminSection>
    </DraftForm>
  );
}
