import type { Config } from "@react-router/dev/config";
import path from "node:path";
import { buildServerRuntime } from "./scripts/build-runtime";
import { precompressAssets } from "./scripts/precompress-assets";

export default {
  ssr: true,
  // Separate build folders let several end-to-end runs build side by side without overwriting each other.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // The server that serves the app is compiled with it, so one build gives `npm start` everything it runs; the
  // runtime is written last because `npm start` takes its age for the build's.
  buildEnd: async ({ reactRouterConfig }) => {
    precompressAssets(path.join(reactRouterConfig.buildDirectory, "client/assets"));
    await buildServerRuntime(reactRouterConfig.buildDirectory);
  },
} satisfies Config;
