/**
 * The shop's API (no pages; with SHOP_PAGES=vite, its pages too, rendered from the sources) served from a process of
 * its own, for tests that must stop a shop the hard way and start it again, or see whether a fault ends it:
 * configured from the environment like the production entry, listening on a free port it prints.
 */
import { serve } from "@hono/node-server";
import { bootShop } from "../../server/boot";
import { loadConfig } from "../../server/config";
import { noPagesBuild } from "./app";

// Vite is loaded only when asked for: the tests that stop and start an API-only shop wait for every start.
const build = process.env.SHOP_PAGES === "vite" ? (await (await import("./rendered-pages")).viteServerBuild()).build : noPagesBuild;
const { app } = await bootShop(loadConfig(), build);
serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  process.stdout.write(`listening ${info.port}\n`);
});
