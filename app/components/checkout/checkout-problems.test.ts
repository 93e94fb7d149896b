import { describe, expect, it } from "vitest";
import { addressSchema, emailSchema } from "@core/schemas/checkout";
import { CheckoutCallError } from "./api";
import { checkoutProblem, FIELD_MAX_LENGTH } from "./checkout-problems";

const ADDRESS = { name: "Sam Shopper", line1: "1 Main St", city: "Sacramento", state: "CA", postal_code: "95814" };

describe("checkout inputs", () => {
  it("accept exactly as much as the API does", () => {
    for (const field of ["name", "line1", "line2", "city", "state", "postal_code"] as const) {
      const max = FIELD_MAX_LENGTH[field];
      expect(addressSchema.safeParse({ ...ADDRESS, [field]: "a".repeat(max) }).success, field).toBe(true);
      expect(addressSchema.safeParse({ ...ADDRESS, [field]: "a".repeat(max + 1) }).success, field).toBe(false);
    }
    const local = (length: number) => `${"a".repeat(length - "@example.com".length)}@example.com`;
    expect(emailSchema.safeParse(local(FIELD_MAX_LENGTH.email)).success).toBe(true);
    expect(emailSchema.safeParse(local(FIELD_MAX_LENGTH.email + 1)).success).toBe(false);
  });
});

describe("checkoutProblem", () => {
  it("puts the API's message beside the field it names, without the field's internal name", () => {
    expect(checkoutProblem(new Error("address.name: is too long"))).toEqual({ field: "name", message: "is too long" });
    expect(checkoutProblem(new Error("discount_code: Invalid discount code"))).toEqual({
      field: "discount",
      message: "Invalid discount code",
    });
    expect(checkoutProblem(new Error("cost_of_checkout: prices changed"))).toEqual({ field: null, message: "prices changed" });
    expect(checkoutProblem(new Error("Your cart changed: the price of Tea is now $5.00"))).toEqual({
      field: null,
      message: "Your cart changed: the price of Tea is now $5.00",
    });
  });

  it("reads the field the API names in its answer", () => {
    expect(checkoutProblem(new CheckoutCallError("Please complete the address", "address.city"))).toEqual({
      field: "city",
      message: "Please complete the address",
    });
    expect(checkoutProblem(new CheckoutCallError("Invalid discount code", "discount_code"))).toEqual({
      field: "discount",
      message: "Invalid discount code",
    });
  });
});
