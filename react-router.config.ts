import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Separate build folders let several end-to-end runs build side by side without overwriting each other.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
