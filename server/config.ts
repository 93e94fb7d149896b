/** Environment configuration, validated once at start: a bad value stops start-up with a line naming it. */
import { z } from "zod";

const postgresUrl = z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL");

const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATABASE_URL: postgresUrl.optional(),
    /**
     * The role that owns the tables and applies the migrations, when the shop itself connects as a role that may
     * only use them: then that role cannot change or empty the audit trail (docs/deploy.md, decision 0042).
     */
    MIGRATION_DATABASE_URL: postgresUrl.optional(),
    DATA_DIR: z.string().default("./data"),
    STORE_ID: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "must be lower-case letters, digits and dashes")
      .default("demo"),
    SESSION_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
    PAYMENT_PROVIDER: z.enum(["simulated", "stripe"]).default("simulated"),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_ACCOUNT_ID: z.string().optional(),
    /** Only for tests against a local fake Stripe server: `http://127.0.0.1:12111`. */
    STRIPE_API_BASE: z.url().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().default("Shop <shop@localhost>"),
    SHOP_OWNER_EMAIL: z.email().default("owner@localhost"),
    PUBLIC_URL: z.url().optional(),
    TRUST_PROXY: z.enum(["true", "false"]).default("false"),
    /** Raw analytics events and sessions older than this are deleted daily. */
    ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
    /** Lets an import fetch pictures from private networks (a test server, an intranet); refused by default. */
    IMPORT_ALLOW_PRIVATE_URLS: z.enum(["true", "false"]).default("false").transform((value) => value === "true"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Pictures in this S3-compatible bucket instead of the data folder, so every instance has them (docs/deploy.md). */
    S3_BUCKET: z.string().optional(),
    /** A service other than AWS S3 (MinIO, R2 …): its address. */
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** A CDN or the bucket's public address, which /images/<key> then redirects to. */
    S3_PUBLIC_URL: z.url().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.MIGRATION_DATABASE_URL && !env.DATABASE_URL) {
      ctx.addIssue({ code: "custom", path: ["DATABASE_URL"], message: "is required when MIGRATION_DATABASE_URL is set" });
    }
    for (const key of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"] as const) {
      if (env[key] && !env.S3_BUCKET) ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: `is required when ${key} is set` });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: "custom", path: ["S3_SECRET_ACCESS_KEY"], message: "and S3_ACCESS_KEY_ID are set together or not at all" });
    }
    if (env.PAYMENT_PROVIDER !== "stripe") return;
    for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when PAYMENT_PROVIDER=stripe" });
    }
  });

export type Config = z.infer<typeof configSchema> & { publicUrl: string };

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = configSchema.safeParse(blankless);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${issue.path.join(".")}: ${issue.message}`);
  }
  const config = parsed.data;
  return { ...config, publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}` };
}

/**
 * Production without PUBLIC_URL still starts (the two-command install, a shop on a LAN), but every link the shop
 * mails (password resets, review requests, unsubscribes) is built from publicUrl and would lead to localhost. The
 * server and the owner's commands both say so, in these words.
 */
export function publicUrlWarning(config: Config): string | null {
  if (config.NODE_ENV !== "production" || config.PUBLIC_URL) return null;
  return (
    `PUBLIC_URL is not set: links in emails (password resets, review requests, unsubscribes) will point at ` +
    `${config.publicUrl}. Set PUBLIC_URL to the shop's public address, e.g. https://shop.example.com`
  );
}

/**
 * ADMIN_PASSWORD once guarded the owner's pages with HTTP basic auth; staff accounts replaced it (issue 21). A shop
 * that still sets it is told once at start, rather than left thinking its pages are guarded by it.
 */
export function retiredAdminPasswordWarning(env: NodeJS.ProcessEnv = process.env): string | null {
  if (!env.ADMIN_PASSWORD) return null;
  return "ADMIN_PASSWORD is no longer used and can be removed: the owner's pages are behind staff sign-in at /admin (see the README's Back office section)";
}

/**
 * Cookies are marked Secure when the shop is served over https in production. Keying on the public address, not
 * only on NODE_ENV, keeps a plain-http install (a shop's LAN, a first trial) able to sign in and keep a cart.
 */
export function secureCookies(config: Config): boolean {
  return config.NODE_ENV === "production" && config.publicUrl.startsWith("https:");
}
