import { describe, expect, it } from "vitest";
import { addressSchema, emailSchema } from "@core/schemas/checkout";
import { ApiError } from "~/lib/api";
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
  const refusal = (message: string, field?: string) => new ApiError(400, "refused", { serverError: message, field });

  it("puts the API's message beside the field its answer names", () => {
    expect(checkoutProblem(refusal("Please complete the address", "address.city"))).toEqual({
      field: "address.city",
      message: "Please complete the address",
    });
    expect(checkoutProblem(refusal("Invalid discount code", "discount_code"))).toEqual({
      field: "discount_code",
      message: "Invalid discount code",
    });
  });

  it("keeps a message about no field, or one the page has no input for, for the whole form", () => {
    expect(checkoutProblem(refusal("prices changed", "cost_of_checkout"))).toEqual({ field: null, message: "prices changed" });
    expect(checkoutProblem(refusal("Your cart changed: the price of Tea is now $5.00"))).toEqual({
      field: null,
      message: "Your cart changed: the price of Tea is now $5.00",
    });
    // A message is the server's words as they are: a "path: " at its start is not read as a field.
    expect(checkoutProblem(new Error("address.name: is too long"))).toEqual({ field: null, message: "address.name: is too long" });
  });
});
