/**
 * The shop's pages rendered for real, through Vite's server build, behind the page cache. The page cache is only on
 * with a client build (server/app.ts); an empty one turns it on with no assets to serve.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import { createApp } from "../../server/app";
import type { TestApp } from "./app";

export type PageRenderer = {
  /** An instance's whole application, pages and API, over its dependencies, with caches of its own. */
  appOf(instance: TestApp): ReturnType<typeof createApp>;
  /** A source module as the rendered pages load it (`/core/order-lifecycle.ts`): the same instance they read. */
  pageModule<T = Record<string, unknown>>(id: string): Promise<T>;
  close(): Promise<void>;
};

export async function startPageRenderer(): Promise<PageRenderer> {
  const clientDir = mkdtempSync(path.join(os.tmpdir(), "storefront-no-client-"));
  const { build, loadModule } = await sharedServerBuild();
  return {
    appOf: (instance) => createApp(instance.deps, { build, clientDir }),
    pageModule: <T>(id: string) => loadModule(id) as Promise<T>,
    close: async () => rmSync(clientDir, { recursive: true, force: true }),
  };
}

/**
 * Compiling the pages takes Vite several seconds; the integration tests share a worker's modules between files
 * (vitest.config.ts, decision 0046), so the files of one worker share one compiled build. It lives as long as the
 * worker: the modules it loaded keep no state of a test's shop, which each request brings with it (createApp's deps).
 */
let shared: ReturnType<typeof viteServerBuild> | undefined;
const sharedServerBuild = () => (shared ??= viteServerBuild());

/** The React Router server build compiled from the sources by Vite, as development renders pages. */
export async function viteServerBuild() {
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "error",
  });
  return {
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    loadModule: (id: string) => vite.ssrLoadModule(id),
    close: () => vite.close(),
  };
}

/** The product page's own stock line: the words also head every product card's closed quick-shop dialog. */
export const saysOfStock = (label: string) => new RegExp(`<p role="status"[^>]*>${label}</p>`);
