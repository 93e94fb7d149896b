/**
 * First-load JavaScript and CSS per route, gzip-compressed, read from the build's own asset manifest: what a
 * shopper's browser downloads before the page is interactive. `--check` fails when a route is over budget;
 * that part runs in `npm test` (sizes are deterministic, unlike timings).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

/**
 * The guard in `npm test`, which is also the performance target: no route may grow past this. React and React
 * Router alone take about 105 KB, so what a page adds beyond the shop's shell has to earn its place; code a shopper
 * only needs after an interaction loads then (see root.tsx and the home carousels).
 */
export const FIRST_LOAD_JS_BUDGET_KB = 130;
/**
 * The back office's screens (decision 0073): staff sign in once and go from screen to screen with the framework and
 * the admin shell already loaded, so 3 KB more at the first screen buys the rules and checks those screens hold.
 */
export const ADMIN_FIRST_LOAD_JS_BUDGET_KB = 133;

/** The back office's layout: every screen under it is the back office's, whatever id its route was given. */
const ADMIN_LAYOUT = "routes/admin";
const budgetOf = (size: RouteSize) => (size.backOffice ? ADMIN_FIRST_LOAD_JS_BUDGET_KB : FIRST_LOAD_JS_BUDGET_KB);

type RouteAssets = { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[]; css?: string[] };
type AssetsManifest = { entry: { module: string; imports: string[] }; routes: Record<string, RouteAssets> };

export type RouteSize = { route: string; jsKb: number; cssKb: number; backOffice: boolean };

const gzipKb = (clientDir: string, file: string) =>
  Math.round((gzipSync(readFileSync(path.join(clientDir, file))).length / 1024) * 10) / 10;

export async function measureRouteSizes(buildDir: string): Promise<RouteSize[]> {
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as { assets: AssetsManifest };
  const { entry, routes } = build.assets;
  const clientDir = path.join(buildDir, "client");
  const chain = (route: RouteAssets): RouteAssets[] =>
    route.parentId ? [...chain(routes[route.parentId]), route] : [route];
  return Object.values(routes)
    .filter((route) => route.id !== "root")
    .map((route) => {
      const js = new Set([entry.module, ...entry.imports]);
      const css = new Set<string>();
      for (const level of chain(route)) {
        js.add(level.module);
        for (const file of level.imports ?? []) js.add(file);
        for (const file of level.css ?? []) css.add(file);
      }
      const sum = (files: Set<string>) =>
        Math.round([...files].reduce((total, file) => total + gzipKb(clientDir, file), 0) * 10) / 10;
      // Under the admin layout, as the blog's and pages' screens are with ids of their own (`admin-posts`).
      const backOffice = chain(route).some((level) => level.id === ADMIN_LAYOUT);
      return { route: route.id, jsKb: sum(js), cssKb: sum(css), backOffice };
    });
}

async function main() {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const sizes = await measureRouteSizes(buildDir);
  console.table(sizes.map((s) => ({ route: s.route, "JS KB (gzip)": s.jsKb, "CSS KB (gzip)": s.cssKb })));
  if (process.argv.includes("--check")) {
    const over = sizes.filter((s) => s.jsKb > budgetOf(s));
    if (over.length) {
      for (const s of over) console.error(`${s.route}: ${s.jsKb} KB of first-load JavaScript, over the ${budgetOf(s)} KB budget`);
      process.exit(1);
    }
    console.log(
      `Every route is within its first-load JavaScript budget: ${FIRST_LOAD_JS_BUDGET_KB} KB for the shop's, ${ADMIN_FIRST_LOAD_JS_BUDGET_KB} KB for the back office's.`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
