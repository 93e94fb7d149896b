import type { Config } from "@react-router/dev/config";
import { buildServerRuntime } from "./scripts/build-runtime";

export default {
  ssr: true,
  // Separate build folders let several end-to-end runs build side by side without overwriting each other.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // The server that serves the app is compiled with it, so one build gives `npm start` everything it runs.
  buildEnd: ({ reactRouterConfig }) => buildServerRuntime(reactRouterConfig.buildDirectory),
} satisfies Config;
