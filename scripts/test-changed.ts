/**
 * `npm run test:changed [ref]`: the inner loop. Runs the Vitest tests that import what changed since `ref` (default:
 * the last commit, so uncommitted and new files), then the journeys that touch a changed page: a journey whose text
 * names the address of a route module that changed or imports a changed file, a changed journey, and a journey
 * importing a changed helper. `npm test` stays the whole run, in CI's order (decision 0046).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../app/routes";

const ref = process.argv[2] ?? "HEAD";
const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).split("\n").filter(Boolean);
const changed = new Set([...git("diff", "--name-only", ref), ...git("ls-files", "--others", "--exclude-standard")]);

const SOURCE = /\.(tsx?|css)$/;
const listFiles = (folder: string) =>
  readdirSync(folder, { recursive: true, encoding: "utf8" }).map((file) => path.posix.join(folder, file.split(path.sep).join("/")));

/** The app's files each app file imports (`~/…` and relative imports), resolved as Vite does for these sources. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].flatMap(([, specifier]) => {
    const base = specifier.startsWith("~/")
      ? path.posix.join("app", specifier.slice(2))
      : specifier.startsWith(".")
        ? path.posix.join(path.posix.dirname(file), specifier)
        : null;
    if (!base) return [];
    const found = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((candidate) => existsSync(candidate) && SOURCE.test(candidate));
    return found ? [found] : [];
  });
}

/** Whether `file` is `target` or imports it, directly or through other app files. */
function reaches(file: string, targets: Set<string>, seen = new Set<string>()): boolean {
  if (targets.has(file)) return true;
  if (seen.has(file) || !existsSync(file)) return false;
  seen.add(file);
  return importsOf(file).some((imported) => reaches(imported, targets, seen));
}

/** Every route module with its address pattern, the layouts' files counted for each address under them. */
function routeAddresses(entries: RouteConfigEntry[], parent = "", layouts: string[] = []): { files: string[]; address: string }[] {
  return entries.flatMap((entry) => {
    const address = entry.path ? `${parent}/${entry.path}` : parent;
    const files = [...layouts, path.posix.join("app", entry.file)];
    return [{ files, address: address || "/" }, ...routeAddresses(entry.children ?? [], address, files)];
  });
}

/** An address pattern as it may appear in a journey's text: `/products/:productId` matches `/products/kettle`. */
const addressPattern = (address: string) =>
  new RegExp(`["'\`]${address.split("/").map((part) => (part.startsWith(":") ? "[^/\"'`?#]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/")}(?:["'\`?#]|$)`, "m");

function journeysToRun(): string[] {
  const changedApp = new Set([...changed].filter((file) => file.startsWith("app/") && SOURCE.test(file)));
  const everyPage = [...changedApp].some((file) => /^app\/(root\.tsx|entry\.server\.tsx|app\.css)$/.test(file));
  const journeys = listFiles("tests/e2e").filter((file) => file.endsWith(".spec.ts"));
  if (everyPage) return journeys;
  const touched = routeAddresses(routes).filter(({ files }) =>
    files.some((file) => reaches(file, changedApp) || reaches(file.replace(/\.tsx$/, ".server.ts"), changedApp)),
  );
  const changedHelpers = [...changed].filter((file) => file.startsWith("tests/e2e/") && !file.endsWith(".spec.ts"));
  return journeys.filter((journey) => {
    if (changed.has(journey)) return true;
    const text = readFileSync(journey, "utf8");
    if (changedHelpers.some((helper) => text.includes(`"./${path.posix.basename(helper, ".ts")}"`))) return true;
    return touched.some(({ address }) => addressPattern(address).test(text));
  });
}

const run = (command: string, args: string[]) => {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  return spawnSync(command, args, { stdio: "inherit" }).status ?? 1;
};

if (changed.size === 0) {
  console.log(`Nothing changed since ${ref}.`);
  process.exit(0);
}
let status = run("npx", ["vitest", "run", "--changed", ref, "--passWithNoTests"]);
const journeys = journeysToRun();
if (journeys.length === 0) console.log("\nNo journey touches what changed.");
else status ||= run("npx", ["playwright", "test", ...journeys]);
process.exit(status);
