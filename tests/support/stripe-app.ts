/**
 * The whole HTTP application with Stripe as its payment provider, speaking to a local fake Stripe instead of
 * api.stripe.com; the fake signs its webhook events with the secret the application checks them against.
 */
import { createTestApp, type TestApp } from "./app";
import { startFakeStripe, type FakeStripe } from "./fake-stripe";

const WEBHOOK_SECRET = "whsec_test_shop";

export type StripeTestApp = {
  t: TestApp;
  fake: FakeStripe;
  /** Disposes of the test database and stops the fake. */
  close(): Promise<void>;
};

/** `env` adds settings to the Stripe ones, e.g. STRIPE_ACCOUNT_ID for a connected account. */
export async function createStripeTestApp(env: Record<string, string> = {}): Promise<StripeTestApp> {
  const fake = await startFakeStripe(WEBHOOK_SECRET);
  const t = await createTestApp({
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: "sk_test_shop",
    STRIPE_PUBLISHABLE_KEY: "pk_test_shop",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
    ...env,
  });
  return {
    t,
    fake,
    async close() {
      await t.database.dispose();
      await fake.close();
    },
  };
}

/** Delivers a webhook the fake signed, as Stripe would post it. */
export const postWebhook = (t: TestApp, event: { body: string; headers: Record<string, string> }) =>
  t.call("POST", "/api/stripe/webhook", event.body, event.headers);
