import { describe, expect, it } from "vitest";
import { placeErrors } from "./form-error";

describe("placeErrors", () => {
  it("puts each answer beside the field it names when the form has it, else above the form", () => {
    expect(
      placeErrors(
        [
          { error: "First name is required", field: "first_name" },
          { error: "Email is required", field: "email" },
        ],
        ["first_name", "email", "password"],
      ),
    ).toEqual({ at: { first_name: "First name is required", email: "Email is required" } });
    expect(placeErrors([{ error: "must not contain a NUL", field: "store_id" }], ["email"])).toEqual({ at: {}, form: "must not contain a NUL" });
    expect(placeErrors([{ error: "Account not found" }], ["email"])).toEqual({ at: {}, form: "Account not found" });
    expect(placeErrors(undefined, ["email"])).toEqual({ at: {} });
  });
});
