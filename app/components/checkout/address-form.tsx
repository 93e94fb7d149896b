import { CheckoutField } from "./checkout-field";
import { FIELD_MAX_LENGTH, type AddressField, type CheckoutFieldPath } from "./checkout-problems";
import type { Address } from "./use-checkout";

const ADDRESS_INPUTS = [
  ["name", "Full name", "shipping name"],
  ["line1", "Address", "shipping address-line1"],
  ["line2", "Apartment, suite, etc. (optional)", "shipping address-line2"],
  ["city", "City", "shipping address-level2"],
  ["state", "State", "shipping address-level1"],
  ["postal_code", "ZIP code", "shipping postal-code"],
] as const satisfies readonly (readonly [AddressField, string, string])[];

/** The page's own email and shipping address inputs (the simulated provider's; Stripe brings its elements instead). */
export function AddressForm({
  email,
  onEmail,
  address,
  onAddress,
  fieldError,
}: {
  email: string;
  onEmail(email: string): void;
  address: Address;
  onAddress(address: Address): void;
  fieldError(field: CheckoutFieldPath): string | null;
}) {
  const emailError = fieldError("email");
  return (
    <>
      <CheckoutField
        label="Email"
        labelClassName="text-sm font-semibold"
        type="email"
        autoComplete="email"
        maxLength={FIELD_MAX_LENGTH.email}
        value={email}
        onValueChange={onEmail}
        error={emailError && `Email: ${emailError}`}
      />
      <ShippingAddressFields address={address} onAddress={onAddress} fieldError={fieldError} />
    </>
  );
}

/**
 * The shipping address inputs alone (the checkout's, and a subscription's new address). `named`: each input carries
 * its field's path as its name (`address.line1`), so a page form posts it.
 */
export function ShippingAddressFields({
  address,
  onAddress,
  fieldError,
  named = false,
}: {
  address: Address;
  onAddress(address: Address): void;
  fieldError(field: CheckoutFieldPath): string | null | undefined;
  named?: boolean;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold uppercase tracking-wide">Shipping address</legend>
      {ADDRESS_INPUTS.map(([field, label, autoComplete]) => {
        const error = fieldError(`address.${field}`);
        return (
          <CheckoutField
            key={field}
            label={label}
            name={named ? `address.${field}` : undefined}
            autoComplete={autoComplete}
            maxLength={FIELD_MAX_LENGTH[field]}
            value={address[field]}
            onValueChange={(value) => onAddress({ ...address, [field]: value })}
            error={error && `${label}: ${error}`}
          />
        );
      })}
    </fieldset>
  );
}
