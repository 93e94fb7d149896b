import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { postgresSuiteFiles } from "./tests/postgres-suite";
import SlowFilesFirst from "./tests/support/slow-files-first";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@core": fileURLToPath(new URL("./core", import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Both cores: Vitest's default keeps one for itself, which idles while the workers run the tests.
    maxWorkers: 2,
    sequence: { sequencer: SlowFilesFirst },
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
          // Every file runs on PGlite; on PostgreSQL, those whose behaviour can differ there (tests/postgres-suite.ts).
          include: process.env.TEST_DB === "postgres" ? postgresSuiteFiles() : ["server/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          env: { NODE_ENV: "test" },
          globalSetup: ["tests/support/database-templates.ts"],
          setupFiles: ["tests/support/file-cleanup.ts"],
          // A file's own database, shop and staff are made in its hooks; what a worker keeps between files is only
          // loaded code (the server's modules, the pages compiled by Vite), which took 3 to 10 s a file to load again
          // (decision 0046). Environment stubs are undone after each file so none leaks into the next.
          isolate: false,
          unstubEnvs: true,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
