/** Production entry: serves the built shop in this one process until SIGTERM or SIGINT. */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Server, ServerResponse } from "node:http";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { bootShop } from "./boot";
import { ConfigError, loadConfig, publicUrlWarning, retiredAdminPasswordWarning } from "./config";
import { DatabaseUnavailableError } from "./db/unavailable";
import { logger } from "./logger";
import { applyMemoryPolicy } from "./memory";

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const startedAt = performance.now();
  applyMemoryPolicy();
  const config = loadConfig();
  for (const warning of [publicUrlWarning(config), retiredAdminPasswordWarning()]) if (warning) logger.warn(warning);
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  const { app, database, stopOwnerCommands, jobs } = await bootShop(config, build, path.join(buildDir, "client"));

  // Plain HTTP/1.1: serve() returns a node:http Server unless told to use HTTP/2.
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    logger.info(
      { port: info.port, database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
      `storefront listening on http://localhost:${info.port}`,
    );
  }) as Server;
  // A client or proxy that keeps connections open (browsers, HAProxy, Playwright's request context) sends its next
  // request on an idle one: if the shop closes it at that moment, after Node's 5 s default, the request meets a reset.
  // Idle connections outlive common clients' and proxies' pools (60 s), so the client lets go first; headers still
  // have to arrive within about the same time.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  let stopping = false;
  // A kept-alive connection would otherwise carry a client's next request past the drain, or hold the close back
  // until it idles out: while stopping, each answer closes its connection.
  server.on("request", (_request, response: ServerResponse) => {
    if (stopping) response.setHeader("Connection", "close");
    response.once("finish", () => {
      if (stopping) server.closeIdleConnections();
    });
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "draining in-flight requests");
    // No new job is taken from now on; the running ones finish (bounded), and one cut off is retried by another
    // instance when it expires.
    const jobsStopped = jobs.stop().catch((error: unknown) => logger.error({ err: error }, "job queue did not stop cleanly"));
    const force = setTimeout(() => {
      logger.warn("requests still running after the grace period; closing anyway");
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    const release = async () => {
      await stopOwnerCommands();
      await jobsStopped;
      await database.close();
      logger.info("stopped");
    };
    server.close(() => {
      release().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, "the shop did not stop cleanly");
          process.exit(1);
        },
      );
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseUnavailableError) {
    console.error(error.message);
  } else {
    console.error("Start-up failed:", error instanceof Error ? error.message : error);
    logger.error({ err: error }, "start-up failed");
  }
  process.exit(1);
});
