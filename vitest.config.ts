import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@core": fileURLToPath(new URL("./core", import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["core/**/*.test.ts", "app/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          // Property tests run hundreds of random action sequences; a busy CI machine must not fail them on time.
          testTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["server/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          env: { NODE_ENV: "test" },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
