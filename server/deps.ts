import type { Config } from "./config";
import type { AppDeps } from "./context";
import type { DatabaseHandle } from "./db/client";
import { createRateLimiter } from "./http/rate-limit";
import { createMailer } from "./mail/mailer";

/** Wires the services every handler receives; the one place a new service is added. */
export function createDeps(database: DatabaseHandle, config: Config, imagesDir: string): AppDeps {
  return {
    db: database.db,
    database,
    config,
    storeId: config.STORE_ID,
    imagesDir,
    mailer: createMailer(database.db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    rateLimiter: createRateLimiter(),
  };
}
