import { describe, expect, it } from "vitest";
import { ApiError } from "~/lib/api";
import { isCheckoutPath, signupOutcome, welcomeText } from "./welcome-popup";

describe("welcome popup texts", () => {
  it("offers the discount when the percentage is above 0, else the newsletter", () => {
    expect(welcomeText(15)).toBe("Enter your email for an exclusive discount. Get 15% off your first order when you sign up!");
    expect(welcomeText(0)).toBe("Sign up for our newsletter to stay up to date with our journey!");
  });

  it("answers each sign-up outcome with the spec's dialog", () => {
    expect(signupOutcome(null, 10)).toMatchObject({
      title: "Success!",
      message: "Your discount code has been emailed to you!",
    });
    expect(signupOutcome(null, 0)).toMatchObject({
      title: "Success!",
      message: "You've been added to our newsletter! We will keep you updated on our latest products and promotions.",
    });
    expect(signupOutcome(new ApiError(409, "refused", { serverError: "Email already signed up" }), 10)).toMatchObject({
      title: "Already Signed Up",
      message: "This email has already been used for a discount",
    });
    expect(signupOutcome(new ApiError(400, "refused", { serverError: "Email already signed up" }), 10).title).toBe("Already Signed Up");
    for (const failure of [new ApiError(500, "GET /x failed with status 500"), new ApiError(0, "unreachable"), new ApiError(400, "refused", { serverError: "Invalid email address" })]) {
      expect(signupOutcome(failure, 10)).toMatchObject({ title: "Error", message: "Something went wrong. Please try again later." });
    }
  });
});

describe("where the popup is offered", () => {
  it("stays away from checkout and its confirmation, and nowhere else", () => {
    for (const path of ["/checkout", "/checkout/", "/checkout/cs_123", "/checkout-confirmation"]) expect(isCheckoutPath(path)).toBe(true);
    for (const path of ["/", "/shop", "/products/checkout-mug", "/checkouts-of-the-world"]) expect(isCheckoutPath(path)).toBe(false);
  });
});
