import { describe, expect, it } from "vitest";
import { signupSchema } from "../../core/schemas/auth";
import { badInput, notSignedIn } from "../../core/errors";
import { formFailure } from "./forms";

const typed = { first_name: "Ada", last_name: "", email: "ada@example.com", password: "secret" };

describe("an account form's failure answer", () => {
  it("lists each refused field's first problem, and what was typed without the password", () => {
    const parsed = signupSchema.safeParse({ ...typed, first_name: "", store_id: "demo" });
    expect(parsed.success).toBe(false);
    const failure = formFailure(parsed.error, typed, "Signup failed");
    expect(failure).toMatchObject({ ok: false, status: 400 });
    expect(failure.errors.map((problem) => problem.field)).toEqual(["first_name", "last_name"]);
    expect(failure.values).toEqual({ first_name: "Ada", last_name: "", email: "ada@example.com" });
  });

  it("carries a service's error with its field, if it names one", () => {
    expect(formFailure(badInput("The passwords do not match", "confirm_password"), typed, "x")).toMatchObject({
      status: 400,
      errors: [{ error: "The passwords do not match", field: "confirm_password" }],
    });
    expect(formFailure(notSignedIn("Account not found"), typed, "x")).toMatchObject({
      status: 401,
      errors: [{ error: "Account not found" }],
    });
  });

  it("answers anything else with the page's fallback and 500", () => {
    expect(formFailure(new Error("database away"), typed, "Signup failed")).toMatchObject({ status: 500, errors: [{ error: "Signup failed" }] });
  });
});
