/** Development server: Vite serves the app with hot reload, Hono serves the API and server rendering. */
import http from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { bootShop } from "./boot";
import { loadConfig } from "./config";
import { logger } from "./logger";

const config = loadConfig();
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
const { app } = await bootShop(
  config,
  () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
);
const handleWithHono = getRequestListener(app.fetch);
http
  .createServer((req, res) => vite.middlewares(req, res, () => handleWithHono(req, res)))
  .listen(config.PORT, () => logger.info(`storefront (development) on http://localhost:${config.PORT}`));
