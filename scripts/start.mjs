/**
 * `npm start`: checks the configuration, builds the production app when the build is missing or older than the
 * sources, then runs the server in this same process (tsx compiles the server's TypeScript on load).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { register } from "tsx/esm/api";

process.env.NODE_ENV ??= "production";
register();

// A bad environment variable should stop start-up at once, before minutes of building.
const { loadConfig, ConfigError } = await import("../server/config.ts");
try {
  loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const buildEntry = path.join(buildDir, "server/index.js");
const sourceRoots = ["app", "core", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestModification(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestModification(path.join(target, entry))),
    stat.mtimeMs,
  );
}

const buildTime = existsSync(buildEntry) ? statSync(buildEntry).mtimeMs : 0;
if (sourceRoots.some((root) => newestModification(root) > buildTime)) {
  console.log("Building the storefront…");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("../server/index.ts");
