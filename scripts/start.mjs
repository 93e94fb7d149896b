/**
 * `npm start`: builds the production app and server when the build is missing or older than the sources (after
 * checking the configuration), then runs the compiled server in this same process.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

process.env.NODE_ENV ??= "production";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
// Written last by the build (react-router.config.ts), so its age is the build's age.
const runtimeEntry = path.join(buildDir, "runtime/server.js");
const sourceRoots = ["app", "core", "server", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestModification(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestModification(path.join(target, entry))),
    stat.mtimeMs,
  );
}

const buildTime = existsSync(runtimeEntry) ? statSync(runtimeEntry).mtimeMs : 0;
if (sourceRoots.some((root) => newestModification(root) > buildTime)) {
  // A bad environment variable should stop start-up at once, before the build. The check runs in its own process
  // so the TypeScript loader it needs never occupies the shop's memory.
  const check = spawnSync(process.execPath, ["--import", "tsx", "scripts/check-config.ts"], { stdio: "inherit" });
  if (check.status !== 0) process.exit(check.status ?? 1);
  console.log("Building the storefront…");
  // The build's own lines (modules, chunk sizes, a library's notices) are for developers: the owner sees them only
  // when the build fails, where they say why.
  const result = spawnSync("npx", ["react-router", "build"], { stdio: ["inherit", "pipe", "pipe"], env: process.env, maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    process.exit(result.status ?? 1);
  }
}

// The compiled server checks the configuration again on every start, and reports a bad one in one line.
await import(pathToFileURL(runtimeEntry).href);
