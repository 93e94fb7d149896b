import type { Config } from "./config";
import type { AppDeps } from "./context";
import type { DatabaseHandle } from "./db/client";
import { createContentCache } from "./db/content-cache";
import { contentVersionsReader } from "./db/content-version";
import { createRateLimiter } from "./http/rate-limit";
import { localImageStorage, type ImageStorage } from "./images/storage";
import { createMailer } from "./mail/mailer";
import { requestReviewsOnFulfilment } from "./reviews/review-tokens";
import { createOrderEvents } from "./order-events";
import { applyPaymentEventLogged } from "./subscriptions/payment-events";
import { createPaymentProvider } from "./payments";

/** Wires the services every handler receives; the one place a new service is added. */
export function createDeps(
  database: DatabaseHandle,
  config: Config,
  imagesDir: string,
  imageStorage: ImageStorage = localImageStorage(imagesDir),
): AppDeps {
  const orderEvents = createOrderEvents();
  requestReviewsOnFulfilment(orderEvents);
  const deps: AppDeps = {
    db: database.db,
    database,
    config,
    storeId: config.STORE_ID,
    imagesDir,
    imageStorage,
    mailer: createMailer(database.db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    rateLimiter: createRateLimiter(database.pool),
    payments: createPaymentProvider(config, database.db),
    contentCache: createContentCache(contentVersionsReader(database)),
    orderEvents,
  };
  // Providers that deliver events in-process (the simulated one) feed the same order logic as the webhook.
  deps.payments.onEvent((event) => applyPaymentEventLogged(deps, event));
  return deps;
}
