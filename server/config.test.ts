import { describe, expect, it } from "vitest";
import { loadConfig, publicUrlWarning, retiredAdminPasswordWarning } from "./config";

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.PAYMENT_PROVIDER).toBe("simulated");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
  });

  it("names the variable and the problem in one line", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/^Invalid environment variable PORT: /);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(
      "Invalid environment variable DATABASE_URL: must be a postgres:// URL",
    );
  });

  it("migrates as another role only on PostgreSQL, and only with an address for the shop's own role", () => {
    expect(() => loadConfig({ MIGRATION_DATABASE_URL: "mysql://x", DATABASE_URL: "postgres://shop_app@db/shop" })).toThrow(
      "Invalid environment variable MIGRATION_DATABASE_URL: must be a postgres:// URL",
    );
    expect(() => loadConfig({ MIGRATION_DATABASE_URL: "postgres://shop_owner@db/shop" })).toThrow(
      "Invalid environment variable DATABASE_URL: is required when MIGRATION_DATABASE_URL is set",
    );
  });

  it("requires the Stripe keys when Stripe is chosen", () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: "stripe" })).toThrow(
      "Invalid environment variable STRIPE_SECRET_KEY: is required when PAYMENT_PROVIDER=stripe",
    );
  });
});

describe("publicUrlWarning", () => {
  it("warns in production without PUBLIC_URL that emailed links point at localhost on the configured port", () => {
    const warning = publicUrlWarning(loadConfig({ NODE_ENV: "production", PORT: "8123" }));
    expect(warning).toMatch(/^PUBLIC_URL is not set: links in emails .* will point at http:\/\/localhost:8123/);
  });

  it("is silent with PUBLIC_URL set, and outside production", () => {
    expect(publicUrlWarning(loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://shop.example" }))).toBeNull();
    expect(publicUrlWarning(loadConfig({ PORT: "8123" }))).toBeNull();
  });
});

describe("retiredAdminPasswordWarning", () => {
  it("tells a shop that still sets ADMIN_PASSWORD that staff sign-in replaced it, and starts all the same", () => {
    expect(retiredAdminPasswordWarning({ ADMIN_PASSWORD: "old owner password" })).toMatch(/^ADMIN_PASSWORD is no longer used/);
    expect(() => loadConfig({ ADMIN_PASSWORD: "short" })).not.toThrow();
    expect(retiredAdminPasswordWarning({})).toBeNull();
  });
});
