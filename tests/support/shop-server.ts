/**
 * The shop's API (no pages) served from a process of its own, for tests that must stop a shop the hard way and start
 * it again: configured from the environment like the production entry, listening on a free port it prints.
 */
import { serve } from "@hono/node-server";
import { bootShop } from "../../server/boot";
import { loadConfig } from "../../server/config";
import { noPagesBuild } from "./app";

const { app } = await bootShop(loadConfig(), noPagesBuild);
serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  process.stdout.write(`listening ${info.port}\n`);
});
