/**
 * Compiles the production server (server/index.ts and everything it imports) into one JavaScript file beside the
 * app build, so `npm start` runs plain Node: no TypeScript loader living in the shop's process, which saved about
 * 110 MB of resident memory. Packages stay external; the migrations and an empty embedded cluster travel along
 * because the database module finds them next to itself.
 */
import { spawnSync } from "node:child_process";
import { cpSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

export const RUNTIME_ENTRY = "runtime/server.js";

export async function buildServerRuntime(buildDirectory: string) {
  const outfile = path.join(buildDirectory, RUNTIME_ENTRY);
  await build({
    entryPoints: ["server/index.ts"],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
  cpSync("server/db/migrations", path.join(path.dirname(outfile), "migrations"), { recursive: true });
  // Made in a process of its own: creating a cluster takes 600 MB or more, which the build's own peak need not add.
  const made = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `await (await import("./server/db/client.ts")).writeEmptyCluster(${JSON.stringify(path.dirname(outfile))});`,
    ],
    { stdio: "inherit" },
  );
  if (made.status !== 0) throw new Error("Could not make the empty embedded database cluster");
}
