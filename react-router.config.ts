import type { Config } from "@react-router/dev/config";
import path from "node:path";
import { buildServerRuntime } from "./scripts/build-runtime";
import { precompressAssets } from "./scripts/precompress-assets";

export default {
  ssr: true,
  // React Router 8's behaviours, each named so the build does not warn about a choice made: they change the loaders'
  // context (middleware), the requests and the data URLs the shop's tests and caches rely on, and come with the move to 8.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
  // Separate build folders let several end-to-end runs build side by side without overwriting each other.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // The server that serves the app is compiled with it, so one build gives `npm start` everything it runs; the
  // runtime is written last because `npm start` takes its age for the build's.
  buildEnd: async ({ reactRouterConfig }) => {
    precompressAssets(path.join(reactRouterConfig.buildDirectory, "client/assets"));
    await buildServerRuntime(reactRouterConfig.buildDirectory);
  },
} satisfies Config;
