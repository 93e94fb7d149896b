import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { newCspNonce, pagePolicy } from "./security-headers";

describe("security headers", () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.database.dispose())));

  async function shop(env: Record<string, string>) {
    const app = await createTestApp(env);
    apps.push(app);
    return app;
  }

  it("forbid sniffing, framing and running what is not a page, and name no Stripe origin without Stripe", async () => {
    const { call } = await shop({ PUBLIC_URL: "http://shop.example" });
    for (const response of [await call("GET", "/healthz"), await call("GET", "/api/no-such-thing")]) {
      expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy")).toMatch(/camera=\(\).*payment=\(\)$/);
      // A plain-http shop is never told to insist on https.
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("ask browsers to keep to https once the shop's public address is https", async () => {
    const { call } = await shop({ PUBLIC_URL: "https://shop.example" });
    expect((await call("GET", "/healthz")).headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
  });

  it("let a page run its own scripts and its nonce's inline ones, and Stripe's only when Stripe is on", () => {
    const nonce = newCspNonce();
    expect(nonce).not.toBe(newCspNonce());
    const simulated = pagePolicy({ PAYMENT_PROVIDER: "simulated" }, nonce);
    expect(simulated).toContain(`script-src 'self' 'nonce-${nonce}';`);
    expect(simulated).toContain("frame-ancestors 'none'");
    expect(simulated).not.toContain("stripe");
    expect(simulated).not.toMatch(/script-src[^;]*unsafe/);

    const stripe = pagePolicy({ PAYMENT_PROVIDER: "stripe" }, nonce);
    expect(stripe).toContain(`script-src 'self' 'nonce-${nonce}' https://js.stripe.com https://*.js.stripe.com`);
    expect(stripe).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com https:\/\/hooks\.stripe\.com;/);
    expect(stripe).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
  });

  it("let Stripe's frames ask for payments only when Stripe is on", async () => {
    const { call } = await shop({
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_PUBLISHABLE_KEY: "pk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
    });
    expect((await call("GET", "/healthz")).headers.get("permissions-policy")).toContain('payment=(self "https://js.stripe.com")');
  });
});
