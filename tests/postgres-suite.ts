/**
 * The integration test files that run a second time on a PostgreSQL server (`TEST_DB=postgres`, vitest.config.ts),
 * grouped by why their behaviour can differ there from the embedded PGlite every file runs on (decision 0046). PGlite
 * is one connection inside the process: nothing waits for a lock, no second instance shares it, no connection is cut.
 * scripts/postgres-suite.test.ts fails when a file that plainly needs PostgreSQL is missing here.
 */
export const POSTGRES_SUITE = {
  /** The file has tests or branches of its own for PostgreSQL (runIf/skipIf, `database.url`, `kind`). */
  branches: [
    "server/db/big-shop-plans.test.ts",
    "server/analytics/report.test.ts",
    "server/catalog/search-plan.test.ts",
    "server/catalog/stock.test.ts",
    "server/commands/backup.test.ts",
    "server/db/client.test.ts",
    "server/db/connection-loss.test.ts",
    "server/db/content-version.test.ts",
    "server/http/pages-survive-database-loss.test.ts",
    "server/http/crawler-pages.test.ts",
    "server/http/rate-limit.test.ts",
    "server/http/response-cache.test.ts",
    "server/shop-jobs.test.ts",
    "server/mail/mailer.test.ts",
    "server/orders/concurrency.test.ts",
    "server/demo/demo-content.test.ts",
    "server/orders/crash-recovery.test.ts",
    "server/orders/desk.test.ts",
    "server/orders/payment-links.test.ts",
    "server/orders/shop-time.test.ts",
    "server/returns/concurrency.test.ts",
    "server/orders/invoices.test.ts",
    "server/payments/simulated.test.ts",
    "server/scale-out.test.ts",
    "server/audit/audit-roles.test.ts",
    "server/store/settings-boot.test.ts",
    "server/order-edits/edits.test.ts",
    "server/orders/customer-figures.test.ts",
  ],
  /** Concurrent requests or transactions that contend for the same rows: on PGlite they simply queue. */
  concurrency: [
    "server/accounts/accounts.test.ts",
    "server/cart/cart.test.ts",
    "server/catalog/bundle-editor.test.ts",
    "server/catalog/collection-editor.test.ts",
    "server/catalog/product-pictures.test.ts",
    "server/checkout/charged-as-shown.test.ts",
    "server/checkout/checkout.test.ts",
    "server/discounts/discount-rules.test.ts",
    "server/newsletter/newsletter.test.ts",
    "server/returns/returns.test.ts",
    "server/payments/stripe.test.ts",
    "server/reviews/reviews.test.ts",
    "server/staff/staff.test.ts",
    // A backup code or a reset link raced by two requests (conditional updates), reset mails counted under a row lock.
    "server/staff/staff-security.test.ts",
    "server/wishlist/wishlist.test.ts",
  ],
  /** Several instances of the shop over one database, each with its own caches and jobs. */
  instances: [
    "server/catalog/stock-alerts.test.ts",
    "server/checkout/cart-reminders.test.ts",
    "server/checkout/checkout-sessions.test.ts",
    "server/drafts/drafts.test.ts",
    "server/http/cached-reads-follow-changes.test.ts",
    "server/images/bucket-storage.test.ts",
    "server/orders/sale-keeps-pages-cached.test.ts",
    "server/subscriptions/renewals.test.ts",
  ],
  /** The database going away under a request. */
  faults: ["server/app.test.ts"],
  /** Background jobs (pg-boss) and the content version's triggers and notifications. */
  jobs: [
    "server/catalog/import-jobs.test.ts",
    "server/db/stock-band-version.test.ts",
    "server/http/admin-pages.test.ts",
    "server/http/page-cache.test.ts",
  ],
  /** Money paths whose requests repeat or race: each has its PostgreSQL test (ARCHITECTURE.md, "Money"). */
  money: ["server/commands/orders.test.ts", "server/payments/stripe-faults.test.ts", "server/payments/stripe-subscription.test.ts"],
  /**
   * SQL a server may run differently: the trigram threshold set per connection, and every documented API operation
   * once, because PGlite is PostgreSQL 17 and a shop's server may be an older major version that refuses newer syntax.
   */
  sql: [
    "server/catalog/catalog.test.ts",
    "server/catalog/visibility.test.ts",
    "server/api/responses.test.ts",
    "server/reports/reports.test.ts",
    // The sources' sales grouped by the order's jsonb source, and the daily totals' shop days.
    "server/reports/visits.test.ts",
    // The tax report's months (timestamptz bounds in a VALUES list) and its sums, and the kept rates' migration.
    "server/orders/tax-classes.test.ts",
    // Every report of a 10,000-order shop against direct SQL: the planner's choices at that size, and the statistics
    // object the products report's plan counts on, are the server's own.
    "server/reports/generated-shop.test.ts",
    // Page speed's days: `at time zone` the shop's zone, read from the server's own zone data, grouped by position.
    "server/analytics/page-speed.test.ts",
    // Migration 0056's function turning sections' text into HTML (regexp_split_to_table with ordinality).
    "server/content/content.test.ts",
    // The exports' keyset pages: the customers' by the latest activity written as text and read back to the microsecond.
    "server/api/csv-streams.test.ts",
    // The customers list walked newest first a window at a time, its places as PostgreSQL writes and reads them back.
    "server/customers/desk-pages.test.ts",
    // The import's batches, each checked as its one transaction sees the store, with lookups of a batch's lists.
    "server/catalog/shopify-csv/import.test.ts",
    // A whole save refused after its writes, when links lead to what it takes off the shop: undone by its transaction.
    "server/api/links-to-unpublished.test.ts",
  ],
} as const;

export const postgresSuiteFiles = (): string[] => Object.values(POSTGRES_SUITE).flat();
