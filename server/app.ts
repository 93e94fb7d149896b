/**
 * Composes the one HTTP application: JSON API under /api, liveness and readiness checks, static files, then every
 * other path rendered by React Router.
 */
import { serveStatic } from "@hono/node-server/serve-static";
import path from "node:path";
import { Hono } from "hono";
import { createRequestHandler, type ServerBuild } from "react-router";
import { apiRoutes } from "./api";
import { catalogueImportUpload } from "./api/admin-imports";
import { pictureUploads } from "./api/admin-pictures";
import { pageDataRoutes } from "./api/content";
import type { AppDeps, AppEnv } from "./context";
import { bodyLimits } from "./edge/body-limits";
import { clientAssets } from "./http/client-assets";
import { compression } from "./http/compression";
import { clientIpStamp } from "./http/client-ip";
import { hydrationAfterPaint } from "./http/hydration-after-paint";
import { pageCache, themePreviewIsPrivate } from "./http/page-cache";
import { catalogueReadCache } from "./http/response-cache-api";
import { isDatabaseUnavailable, pendingMigrations } from "./db/client";
import { DATABASE_UNAVAILABLE_MESSAGE, errorResponse, isAnswerable, refusalResponse } from "./http/errors";
import { pageStatus, type PageFaults } from "./http/page-errors";
import { checkedPageForm } from "./http/page-form";
import { RateLimitError, rateLimitResponse } from "./http/rate-limit";
import { requestLog } from "./http/request-log";
import { closeAfterUnreadBody } from "./http/unread-body";
import { sameOriginOnly } from "./http/same-origin";
import { resolveStore } from "./edge/store";
import { pageRequest, refuseUnstorableUrl } from "./http/storable-url";
import { newCspNonce, pagePolicy, securityHeaders } from "./http/security-headers";
import { logger } from "./logger";

export type AppOptions = {
  /** The React Router server build, or a loader of it (development loads it through Vite on every request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the client build; absent in development, where Vite serves the assets. */
  clientDir?: string;
};

export function createApp(deps: AppDeps, options: AppOptions) {
  const app = new Hono<AppEnv>();

  app.use(requestLog());
  app.use(closeAfterUnreadBody());
  app.use(securityHeaders(deps.config));
  app.use(compression());
  app.use(async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  app.use(clientIpStamp());
  // Cross-site pages may not change state here, neither through the API nor through a page's form action.
  app.use(sameOriginOnly());
  // Every request, not only the API (a page's form action reads its body in full); uploads alone may carry more.
  app.use(bodyLimits([...pictureUploads, catalogueImportUpload]));

  // Alive: the process answers. A balancer or orchestrator restarts an instance that stops answering here, so the
  // database's state must not count: an instance waiting for its database is not helped by a restart.
  app.get("/healthz", (c) => c.json({ status: "ok" }));

  // Ready: the database answers and holds every migration this build expects. Until then a balancer sends no
  // shopper here (during start-up, a database outage, or beside an instance still migrating).
  app.get("/readyz", async (c) => {
    let pending: number;
    try {
      await deps.database.ping();
      pending = await pendingMigrations(deps.db);
    } catch {
      return c.json({ status: "unavailable", reason: "database unreachable" }, 503);
    }
    if (pending > 0) return c.json({ status: "unavailable", reason: "migrations not applied", pending }, 503);
    return c.json({ status: "ready" });
  });

  app.use("/api/*", refuseUnstorableUrl());
  app.use("/api/*", resolveStore());
  // The catalogue's answers carry exact stock, so they follow every stock change; pages show its band alone
  // (decision 0022).
  app.use("/api/*", catalogueReadCache({ readVersion: async () => (await deps.contentCache.versions()).data }));
  app.route("/api", apiRoutes());
  app.all("/api/*", (c) => errorResponse(c, 404, "Not found"));
  app.route("/", pageDataRoutes());

  app.use("/images/*", deps.imageStorage.serve);

  app.use("*", themePreviewIsPrivate);
  if (options.clientDir) {
    const clientDir = options.clientDir;
    const buildFiles = (cacheControl: string) =>
      serveStatic({
        root: clientDir,
        onFound: (_path, c) => {
          c.header("Cache-Control", cacheControl);
        },
      });
    app.use("/assets/*", clientAssets(path.join(clientDir, "assets")));
    // Anything else the build put there (fonts, images) is named by its content hash too.
    app.use("/assets/*", buildFiles("public, max-age=31536000, immutable"));
    app.use("*", buildFiles("public, max-age=3600"));
    // Only a fixed client build makes rendered pages worth keeping; development renders each request afresh.
    app.use("*", pageCache({ readVersion: async () => (await deps.contentCache.versions()).pages }));
  }

  const handleDocument = createRequestHandler(
    options.build,
    process.env.NODE_ENV === "production" ? "production" : "development",
  );
  app.post("*", checkedPageForm());
  // Development's Vite adds style elements of its own, without the nonce: only a built client gets the policy.
  const pagesHavePolicy = Boolean(options.clientDir);
  app.all("*", async (c) => {
    const cspNonce = pagesHavePolicy ? newCspNonce() : undefined;
    const pageFaults: PageFaults = { databaseUnavailable: false, renderCut: false };
    c.set("pageFaults", pageFaults);
    const rendered = await handleDocument(pageRequest(c), { ...deps, cspNonce, pageFaults });
    const status = pageStatus(rendered.status, pageFaults);
    const response = status === rendered.status ? rendered : new Response(rendered.body, { status, headers: rendered.headers });
    if (!response.body || !response.headers.get("content-type")?.startsWith("text/html")) return response;
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    if (cspNonce) headers.set("Content-Security-Policy", pagePolicy(deps.config, cspNonce));
    return new Response(response.body.pipeThrough(hydrationAfterPaint()), { status, headers });
  });

  app.onError((error, c) => {
    if (error instanceof RateLimitError) return rateLimitResponse(c, error);
    if (isAnswerable(error)) return refusalResponse(c, error);
    if (isDatabaseUnavailable(error)) {
      logger.warn({ requestId: c.get("requestId"), err: error }, "database unavailable");
      return errorResponse(c, 503, DATABASE_UNAVAILABLE_MESSAGE);
    }
    logger.error({ requestId: c.get("requestId"), err: error }, "request failed");
    return errorResponse(c, 500, "Internal server error");
  });

  return app;
}
