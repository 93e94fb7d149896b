/**
 * Subscription renewals against the production server (decision 0052): shoppers subscribe over HTTP (two bags of the
 * house blend every two weeks, simulated card 4242), then the owner's `subscriptions renew-due --as-of` renews them
 * all at once, handed to the running shop as the owner would run it. A renewal's cost is the run's time less that of
 * a run with nothing due (the command's own start), per subscription, set beside the median subscription checkout of
 * the same run. `npx tsx scripts/bench/renewals.ts` runs it alone (PGlite; PostgreSQL when BENCH_DATABASE_URL is set).
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { addDays } from "date-fns";
import type { SearchResponse } from "../../core/schemas/catalog";
import { DEMO } from "../../server/db/seed-content";
import { TEST_CARDS } from "../../server/payments/simulated";
import { startServer } from "./server";

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 30);
const run = promisify(execFile);

export type RenewalFigures = {
  subscribers: number;
  checkoutMedianMs: number;
  renewalMs: number;
  /** A renewal's cost over a subscription checkout's: the job's work per subscriber against the shopper's wait. */
  renewalToCheckout: number;
  ordersMade: number;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

type Plan = { sku: string; option: string; stock: number };

/** Every variant sold on a two-weekly plan, with its stock, as the catalogue API gives them: subscribers spread over them. */
async function twoWeeklyPlans(baseUrl: string): Promise<Plan[]> {
  const handles = Object.values(DEMO.subscriptions).map((subscription) => subscription.handle);
  const response = await fetch(`${baseUrl}/api/search/by_handles`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ store_id: "demo", handles }),
  });
  const { formattedProductData: products } = (await response.json()) as SearchResponse;
  return products.flatMap((product) =>
    product.variants.flatMap((variant) =>
      variant.subscription
        // Two bags must reach the shop's $20 minimum order.
        .filter((option) => option.subscription_interval === 2 && option.subscription_interval_unit === "week" && option.subscription_price >= 10)
        .map((option) => ({ sku: variant.sku, option: option.subscription_id, stock: variant.total_stock })),
    ),
  );
}

async function subscribe(baseUrl: string, email: string, { sku, option: everyTwoWeeks }: Plan): Promise<number> {
  const post = async (pathname: string, body: unknown, cookie?: string) => {
    const response = await fetch(baseUrl + pathname, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${pathname}: ${response.status} ${JSON.stringify(json)}`);
    return { response, json };
  };
  const cart = await post("/api/cart-items", { cartItems: [{ kind: "product", sku, quantity: 2, subscription: { subscription_id: everyTwoWeeks } }] });
  const cookie = cart.response.headers.getSetCookie().map((value) => value.split(";")[0]).join("; ");
  const started = performance.now();
  const submitted = await post(
    "/api/stripe/confirm_subscription",
    {
      store_id: "demo",
      address: { line1: "1 Main St", city: "Sacramento", state: "CA", postal_code: "95814", country: "US" },
      email,
      fullName: "Bench Subscriber",
      shipping_option: "standard",
      checkout_items: [{ quantity: 2, sku, subscription: everyTwoWeeks }],
    },
    cookie,
  );
  await post("/api/stripe/simulated/confirm", {
    client_secret: submitted.json.client_secret,
    card: { number: TEST_CARDS.succeeds, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: "123" },
  });
  return performance.now() - started;
}

export async function benchRenewals(databaseUrl?: string): Promise<RenewalFigures> {
  const dataDir = path.resolve("bench-results/data-renewals");
  const server = await startServer({ port: 4403, dataDir, databaseUrl });
  const owner = async (args: string[]) => {
    const started = performance.now();
    const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
    const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/shop.ts", ...args], { env });
    return { ms: performance.now() - started, stdout };
  };
  try {
    const checkouts: number[] = [];
    // Two bags each, at most a quarter of a variant's stock, so the renewals hold stock too.
    const plans = (await twoWeeklyPlans(server.url)).flatMap((plan) => Array.from({ length: Math.floor(plan.stock / 8) }, () => plan));
    for (const [index, plan] of plans.slice(0, SUBSCRIBERS).entries()) checkouts.push(await subscribe(server.url, `bench.subscriber.${index}@example.com`, plan));
    // The first payment's record is started as its event is applied, moments after the payment answers.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = await owner(["subscriptions", "renew-due"]);
    const asOf = addDays(new Date(), 15).toISOString().slice(0, 10);
    const due = await owner(["subscriptions", "renew-due", "--as-of", asOf]);
    const charged = Number(/charged (\d+)/.exec(due.stdout)?.[1] ?? 0);
    const renewalMs = (due.ms - idle.ms) / Math.max(1, charged);
    const checkoutMedianMs = median(checkouts);
    return {
      subscribers: checkouts.length,
      checkoutMedianMs: Math.round(checkoutMedianMs),
      renewalMs: Math.round(renewalMs),
      renewalToCheckout: Number((renewalMs / checkoutMedianMs).toFixed(2)),
      ordersMade: charged,
    };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchRenewals(process.env.BENCH_DATABASE_URL);
  console.table([figures]);
}
