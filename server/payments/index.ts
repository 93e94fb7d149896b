import type { Config } from "../config";
import type { Database } from "../db/client";
import type { PaymentProvider } from "./provider";
import { SimulatedPaymentProvider } from "./simulated";
import { StripePaymentProvider } from "./stripe";

/**
 * The provider the configuration names; configuration validation guarantees Stripe's keys are present. The simulated
 * one keeps its ledger in the shop's database.
 */
export function createPaymentProvider(config: Config, db: Database): PaymentProvider {
  if (config.PAYMENT_PROVIDER === "stripe") {
    return new StripePaymentProvider({
      secretKey: config.STRIPE_SECRET_KEY!,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      accountId: config.STRIPE_ACCOUNT_ID,
      apiBase: config.STRIPE_API_BASE,
    });
  }
  return new SimulatedPaymentProvider(db);
}
