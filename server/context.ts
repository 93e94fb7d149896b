/**
 * What every request handler and route loader is given: the database, the configuration and the services. The
 * same object reaches Hono handlers (as `c.var.deps`) and React Router loaders (as `context`), so pages and the
 * JSON API call the same service functions.
 */
import type { Config } from "./config";
import type { Database, DatabaseHandle } from "./db/client";
import type { ContentCache } from "./db/content-cache";
import type { PageFaults } from "./http/page-errors";
import type { RateLimiter } from "./http/rate-limit";
import type { ImageStorage } from "./images/storage";
import type { JobQueue } from "./jobs/queue";
import type { Mailer } from "./mail/mailer";
import type { OrderEvents } from "./order-events";
import type { PaymentProvider } from "./payments/provider";

export type AppDeps = {
  db: Database;
  database: DatabaseHandle;
  config: Config;
  /**
   * The store a request is for, and the only place it is carried: the deployment's store, or on an API request the
   * one it named (server/edge/store.ts hands the request a copy of these deps with that store).
   */
  storeId: string;
  imagesDir: string;
  /** Where uploaded and imported pictures are kept: the images folder (images/storage.ts). */
  imageStorage: ImageStorage;
  mailer: Mailer;
  /** Attempt counter for rate limits (sign-in, sign-up, password reset, ...): in PostgreSQL, shared by every instance. */
  rateLimiter: RateLimiter;
  /** The card payment provider: simulated by default, Stripe with PAYMENT_PROVIDER=stripe. */
  payments: PaymentProvider;
  /** Catalogue and content reads kept per content version, for page loaders. */
  contentCache: ContentCache;
  /** Who hears of order changes (a shipped order asks for a review); one set, whichever bundle handles the request. */
  orderEvents: OrderEvents;
  /** The job queue, once the shop has started it (boot.ts); without one (tests of a single piece) imports run in this process. */
  jobs?: JobQueue;
};

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    /** What went wrong while a page was rendered (server/http/page-errors.ts): set by the page handler. */
    pageFaults?: PageFaults;
  };
};

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppDeps {}
}
